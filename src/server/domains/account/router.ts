import { changePasswordSchema, profileUpdateSchema } from '../../../shared/account/schemas.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { changePassword, removeProfilePhoto, setProfilePhoto, updateProfile } from './profile.ts';
import { activateEnvironment, register } from './registration.ts';
import {
  parseEmailToken,
  photoInput,
  registrationInput,
  resetPasswordInput,
  resetRequestInput,
  tokenInput,
} from './schemas.ts';
import { getLoggedUser } from './service.ts';

export const accountRouter = router({
  me: authedProcedure.query(({ ctx }) => getLoggedUser(ctx.auth)),
  updateProfile: authedProcedure
    .input(profileUpdateSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.auth, input)),
  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.auth, input);
    return { ok: true };
  }),
  uploadPhoto: authedProcedure
    .input(photoInput)
    .mutation(({ ctx, input }) => setProfilePhoto(ctx.auth, Buffer.from(input.base64, 'base64'))),
  removePhoto: authedProcedure.mutation(({ ctx }) => removeProfilePhoto(ctx.auth)),

  register: publicProcedure.input(registrationInput).mutation(({ ctx, input }) => register(input, ctx)),
  activate: publicProcedure
    .input(tokenInput)
    .mutation(({ ctx, input }) => activateEnvironment(parseEmailToken(input.token), ctx)),
  requestPasswordReset: publicProcedure.input(resetRequestInput).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(input.email, ctx);
    return { ok: true };
  }),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(parseEmailToken(input.token), input.password, ctx)),
});
