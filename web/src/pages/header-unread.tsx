// The site header's unread count, as a module of its own: the header loads it only for a signed-in
// visitor, so the first page of everyone else carries none of it.
export { HeaderUnread as default } from '@/features/support';
