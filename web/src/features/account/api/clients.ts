import { IdentityService } from '@/gen/booking/v1/identity_pb';
import { UserService } from '@/gen/booking/v1/user_pb';

// The account's calls load with the account's code, not with the catalogue's first calls.
export const identity = IdentityService.method;
export const user = UserService.method;
