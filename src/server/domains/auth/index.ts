/**
 * The auth domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). Sessions and tokens, password hashing, the sign-in rate
 * limit and whether a self sign-up awaits activation.
 */
export { awaitingActivation } from './activation.ts';
export { hashPassword, verifyPassword } from './password-hash.ts';
export { clearLoginRate } from './rate-limit.ts';
export {
  createSession,
  hashToken,
  liveSession,
  newToken,
  revokeUserSessions,
  switchSessionCompany,
} from './service.ts';
