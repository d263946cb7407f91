/**
 * The account domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). The logged user, e-mailed tokens, provisioning a company
 * group with its first admin (sign-up and the provider admin's create), and its events.
 */
export { type EnvironmentActivated, environmentActivated } from './events.ts';
export {
  type ProvisionInput,
  type ProvisionResult,
  provisionCompanyGroup,
  SCHEMA_NAME_PATTERN,
  uniqueSchemaName,
} from './provision.ts';
export { getLoggedUser, type LoggedUser } from './service.ts';
export { type Invitee, inviteUsers } from './invites.ts';
export { INVITE_TOKEN_HOURS, voidEmailTokens } from './tokens.ts';
