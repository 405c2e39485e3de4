export { NoticeSettings } from './notice-settings';
export { NoticeKind } from '@/gen/booking/v1/notification_pb';
