import { useEffect, useRef } from 'react';
import { Code } from '@connectrpc/connect';
import { refused } from '@/lib/api/refusal';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { useToast } from '@/lib/toasts';
import { claimReferral } from './api/referral-api';

/** The code of the invitation a visitor came by, kept until they are signed in to claim it. */
const KEY = 'booking.invitation';

/** Keeps the `ref` of an invitation link (`/register?ref=CODE`) for after sign-up; the server
 * reads the code when it is claimed, and says why when it is none. */
export function rememberInvitation(code: string | null): void {
  const kept = code?.trim().slice(0, 64);
  if (kept) localStorage.setItem(KEY, kept);
}

export function rememberedInvitation(): string | null {
  return localStorage.getItem(KEY);
}

/** Signed in with an invitation kept: claims it once and says how it went. The server decides; a
 * refusal is said in its words and the code forgotten, a lost connection keeps it for next time. */
export function useInvitationClaim(): void {
  const toast = useToast();
  const asked = useRef(false);
  useEffect(() => {
    const code = rememberedInvitation();
    if (!code || asked.current) return;
    asked.current = true;
    claimReferral(code).then(
      (r) => {
        localStorage.removeItem(KEY);
        toast(memberMessages.invite.claimed(formatVnd(r.referredVnd)), 'success');
      },
      (e: unknown) => {
        const r = refused(e);
        if (r.code === Code.Unavailable || r.code === Code.Unknown) return;
        localStorage.removeItem(KEY);
        toast(r.words, 'error');
      },
    );
  }, [toast]);
}
