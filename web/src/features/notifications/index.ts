export { NoticeSettings } from './notice-settings';
