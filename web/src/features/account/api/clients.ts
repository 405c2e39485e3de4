import { createClient } from '@connectrpc/connect';
import { IdentityService } from '@/gen/booking/v1/identity_pb';
import { UserService } from '@/gen/booking/v1/user_pb';
import { transport } from '@/lib/api/clients';

// The account's clients load with the account's code, not with the catalogue's first calls.
export const identityClient = createClient(IdentityService, transport);
export const userClient = createClient(UserService, transport);
