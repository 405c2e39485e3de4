import type { Language } from '@/lib/i18n';
import { store, tokenAtom } from '@/lib/store';

/**
 * Signed in, the language chosen in a picker becomes the profile's too, so mails and other
 * devices follow it. A failure leaves the profile as it was: the page switches all the same, and
 * the profile's page can set it.
 */
export async function rememberLanguage(language: Language): Promise<void> {
  if (!store.get(tokenAtom)) return;
  try {
    const { updateProfile } = await import('./api/account-api');
    await updateProfile({ preferredLanguage: language });
  } catch {
    // Kept as it was; see above.
  }
}
