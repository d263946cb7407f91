import { sql } from 'kysely';
import type { Registration } from '../../../shared/account/schemas.ts';
import { baseDb, coreDb, withCore } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { runAfterAnswer } from '../../after-answer.ts';
import { log } from '../../logger.ts';
import { sendMail } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/messages.ts';
import { hashPassword } from '../auth/index.ts';
import { createSession } from '../auth/index.ts';
import { transactionWithHooks } from '../../db/after-commit.ts';
import { publish } from '../../kit/events.ts';
import { environmentActivated } from './events.ts';
import { provisionCompanyGroup, uniqueSchemaName } from './provision.ts';
import { limitRate } from '../../rate-limit.ts';
import { systemSettings } from '../../settings.ts';
import { activationLink } from './links.ts';
import { awaitingActivation } from '../auth/index.ts';
import {
  ACTIVATION_TOKEN_HOURS,
  assertUsable,
  issueEmailToken,
  lockEmailToken,
  markUsed,
  parseEmailToken,
} from './tokens.ts';

export interface RequestMeta {
  ip: string;
  userAgent?: string | null;
}

function addressOf(r: Registration): Record<string, string> | null {
  const entries = Object.entries({
    address: r.address,
    complement: r.complement,
    neighborhood: r.neighborhood,
    city: r.city,
    state: r.state,
    cep: r.cep,
  }).filter((e): e is [string, string] => !!e[1]);
  return entries.length ? Object.fromEntries(entries) : null;
}

async function emailTaken(email: string): Promise<boolean> {
  const row = await coreDb()
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();
  return !!row;
}

/** Sends (or re-sends) the activation link of a PENDING user. */
export async function sendActivationMail(user: {
  id: number;
  name: string;
  email: string;
  language: string;
}): Promise<void> {
  const token = await issueEmailToken(coreDb(), user.id, 'ACTIVATION');
  await sendMail(
    user.email,
    renderMail('activation', user.language, {
      name: user.name,
      link: activationLink(token),
      validHours: ACTIVATION_TOKEN_HOURS,
    }),
  );
}

/** How many activation e-mails one address may ask for per hour, and one IP address. */
export const ACTIVATION_RESEND_PER_EMAIL = 3;
export const ACTIVATION_RESEND_PER_IP = 20;

/**
 * "Reenviar e-mail de ativação" (issue 16): a new activation link for a sign-up that has not been
 * activated. Answers the same whether or not such a sign-up exists (the lookup and the mail run
 * after the answer, so timing tells nothing either); limited per address and per IP (429
 * ACTIVATION_RESEND_LIMITED). The new link replaces the older ones.
 */
export async function resendActivation(meta: RequestMeta, input: { email: string }): Promise<true> {
  const email = input.email.trim();
  const limited = { code: 'ACTIVATION_RESEND_LIMITED' } as const;
  await limitRate(['activation-resend', 'ip', meta.ip], ACTIVATION_RESEND_PER_IP, 3600, limited);
  await limitRate(
    ['activation-resend', 'email', email.toLowerCase()],
    ACTIVATION_RESEND_PER_EMAIL,
    3600,
    limited,
  );
  runAfterAnswer('activation mail', async () => {
    const user = await coreDb()
      .selectFrom('users')
      .select(['id', 'name', 'email', 'language'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (!user || !(await awaitingActivation(user.id))) {
      log.info('activation resend asked for an e-mail without a pending sign-up', { email });
      return;
    }
    await sendActivationMail(user);
  });
  return true;
}

/**
 * Sign-up: a PENDING user (future company group admin) plus the registration's company details
 * and plan parameters, then the activation e-mail. Nothing else exists until activation.
 */
export async function register(
  meta: RequestMeta,
  input: Registration,
): Promise<{ id: number; email: string; vindi_id: string | null }> {
  // /config-system "Permitir cadastro público" off: no user, no mail.
  if (!(await systemSettings()).publicSignup) throw new AppError('USER_REGISTER_DISABLED');
  await limitRate(['register', 'ip', meta.ip], 20, 3600);
  const email = input.email.trim();
  if (await emailTaken(email)) throw new AppError('USER_REGISTER_EMAIL_EXISTS', { params: { email } });
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? 'pt';
  let userId: number;
  try {
    userId = await coreDb()
      .transaction()
      .execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email,
            name: input.name,
            phone: input.phone,
            occupation: input.occupation,
            role: 'COMPANY_GROUP_ADMIN',
            status: 'PENDING',
            company_group_id: null,
            company_id: null,
            password_hash: passwordHash,
            image_key: null,
            language,
            vindi_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const address = addressOf(input);
        await trx
          .insertInto('registrations')
          .values({
            user_id: user.id,
            company_name: input.company,
            fantasy_name: input.fantasyName,
            cnpj: input.cnpjCompany,
            address: address ? JSON.stringify(address) : null,
            selected_plan_id: input.selectedPlanId,
            equipment_qtt: input.equipmentQtt,
            product_id_vindi: input.productIdVindi,
            plan_id_vindi: input.planIdVindi,
            ip: meta.ip,
            company_group_id: null,
            activated_at: null,
          })
          .execute();
        return user.id;
      });
  } catch (e) {
    // Two sign-ups with the same e-mail at once: the unique index decides.
    if ((e as { code?: string }).code === '23505')
      throw new AppError('USER_REGISTER_EMAIL_EXISTS', { params: { email } });
    throw e;
  }
  try {
    await sendActivationMail({ id: userId, name: input.name, email, language });
  } catch (e) {
    // The account exists; "forgot password" re-sends the activation link.
    log.error('activation mail failed', { userId, error: String(e) });
  }
  return { id: userId, email, vindi_id: null };
}

/**
 * Activation from the e-mail link: creates the user's own company group (schema derived from the
 * company name, made unique) and company, makes the user its ACTIVE group admin, signs them in.
 * The token row is locked, so a double click activates once.
 */
export async function activateEnvironment(
  meta: RequestMeta,
  input: { token: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = parseEmailToken(input.token);
  const { userId } = await transactionWithHooks(baseDb(), async (trx) => {
    const core = withCore(trx);
    const row = await lockEmailToken(core, token, 'ACTIVATION');
    if (!row) throw new AppError('TOKEN_INVALID');
    const user = await core.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (user?.status === 'ACTIVE') throw new AppError('ENVIRONMENT_ALREADY_ACTIVE');
    assertUsable(row);
    if (user?.status !== 'PENDING') throw new AppError('TOKEN_INVALID');
    const reg = await core
      .selectFrom('registrations')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('activated_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!reg) throw new AppError('TOKEN_INVALID');
    const schemaName = await uniqueSchemaName(trx, reg.company_name);
    const p = await provisionCompanyGroup(trx, {
      groupName: reg.company_name,
      schemaName,
      company: {
        name: reg.company_name,
        fantasyName: reg.fantasy_name,
        cnpj: reg.cnpj,
        email: user.email,
        phone: user.phone,
        mainContactName: user.name,
        address: reg.address,
      },
      responsible: {
        existingUserId: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        occupation: user.occupation,
      },
    });
    // Billing sets the plan chosen at sign-up (issue 17) and, after the answer, starts a paid
    // plan's subscription (kit/events.ts).
    await publish(trx, null, environmentActivated, {
      companyGroupId: p.companyGroupId,
      selectedPlanId: reg.selected_plan_id,
      equipmentQtt: reg.equipment_qtt,
    });
    await markUsed(core, row.id);
    await core
      .updateTable('registrations')
      .set({ activated_at: new Date(), company_group_id: p.companyGroupId })
      .where('id', '=', reg.id)
      .execute();
    return { userId: p.userId, companyGroupId: p.companyGroupId };
  });
  log.info('environment activated', { userId });
  return createSession(userId, { ip: meta.ip, userAgent: meta.userAgent ?? null });
}
