export { InviteCard } from './components/invite-card';
export { rememberInvitation, useInvitationClaim } from './invitation';
