// The kit's one tenant transaction (with its after-commit callbacks) and types.
export { type Ctx, type Db, inTenantTx, type Trx } from '../../kit/tenant-tx.ts';
