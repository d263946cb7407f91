import { describe, expect, it } from 'vitest';
import {
  isValidCep,
  isValidCnpj,
  isValidEmail,
  isValidPhone,
  maskCep,
  maskCnpj,
  maskPhone,
  normalizeCnpj,
} from '../../src/shared/masks.ts';
import {
  changePasswordFormSchema,
  profileUpdateSchema,
  registrationFormSchema,
  registrationSchema,
} from '../../src/shared/account/schemas.ts';
import { checkPasswordRules, isPasswordValid } from '../../src/shared/password.ts';
import { sniffImage } from '../../src/server/domains/account/profile.ts';
import { renderMail } from '../../src/server/mail/messages.ts';

describe('password rules (seed 000 §5)', () => {
  it('needs 6+ characters, a digit, an upper- and a lower-case letter and one of !@#$%&*()_-+=', () => {
    expect(checkPasswordRules('')).toEqual({
      minLength: false,
      digit: false,
      uppercase: false,
      lowercase: false,
      special: false,
    });
    expect(checkPasswordRules('Ab1@x')).toMatchObject({
      minLength: false,
      digit: true,
      uppercase: true,
      lowercase: true,
      special: true,
    });
    expect(isPasswordValid('Ab1@xy')).toBe(true);
    expect(isPasswordValid('ab1@xy')).toBe(false);
    expect(isPasswordValid('AB1@XY')).toBe(false);
    expect(isPasswordValid('Abc@xy')).toBe(false);
    expect(isPasswordValid('Abc1xy')).toBe(false);
    for (const c of '!@#$%&*()_-+=') expect(isPasswordValid(`Abc12${c}`), c).toBe(true);
    // Not in the seed's special set.
    expect(isPasswordValid('Abc12?')).toBe(false);
    expect(isPasswordValid('Abc12^')).toBe(false);
  });
});

describe('CNPJ', () => {
  it('checks the digits by checksum, masked or not', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });
  it('accepts the alphanumeric CNPJ of July 2026', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
  it('masks as ##.###.###/####-## while typing', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11222')).toBe('11.222');
    expect(maskCnpj('112223330')).toBe('11.222.333/0');
    expect(maskCnpj('11.222.333/0001-81999')).toBe('11.222.333/0001-81');
  });
});

describe('CEP', () => {
  it('is 8 digits, masked #####-###', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidCep('01310-1000')).toBe(false);
    expect(isValidCep('abcde-fgh')).toBe(false);
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('0131')).toBe('0131');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310-100-9')).toBe('01310-100');
  });
});

describe('phone', () => {
  it('is an area code plus 8 digits, or plus 9 digits starting with 9', () => {
    expect(isValidPhone('(11) 3333-4444')).toBe(true);
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('(11) 88765-4321')).toBe(false);
    expect(isValidPhone('(01) 3333-4444')).toBe(false);
    expect(isValidPhone('3333-4444')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
  it('masks (##) ####-#### or (##) #####-#### while typing', () => {
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('119876543219999')).toBe('(11) 98765-4321');
  });
});

describe('e-mail', () => {
  it('accepts ordinary addresses only', () => {
    expect(isValidEmail('ana@empresa.com.br')).toBe(true);
    expect(isValidEmail('  ana@empresa.com.br ')).toBe(true);
    expect(isValidEmail('ana@')).toBe(false);
    expect(isValidEmail('ana.empresa.com')).toBe(false);
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });
});

const valid = {
  name: 'Ana',
  email: 'ana@empresa.com.br',
  phone: '(11) 98765-4321',
  occupation: 'Gerente',
  cnpjCompany: '11.222.333/0001-81',
  company: 'Empresa',
  state: 'sp',
  cep: '01310-100',
  password: 'Senha@1',
};

describe('registration schema', () => {
  it('normalises masked fields to digits and the state to upper case', () => {
    const r = registrationSchema.parse({
      ...valid,
      selectedPlanId: '5',
      equipmentQtt: '',
      productIdVindi: 12,
    });
    expect(r).toMatchObject({
      phone: '11987654321',
      cnpjCompany: '11222333000181',
      cep: '01310100',
      state: 'SP',
      selectedPlanId: 5,
      equipmentQtt: null,
      productIdVindi: '12',
      fantasyName: null,
    });
  });
  it('requires name, occupation, company, e-mail and a valid password; state has 2 characters', () => {
    for (const k of ['name', 'occupation', 'company', 'email', 'password'] as const) {
      expect(registrationSchema.safeParse({ ...valid, [k]: '' }).success, k).toBe(false);
    }
    expect(registrationSchema.safeParse({ ...valid, state: 'SPA' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...valid, state: 'XX' }).success).toBe(false);
  });
  it('the form needs the confirmation to match and the usage terms accepted', () => {
    const ok = registrationFormSchema.safeParse({
      ...valid,
      passwordConfirmation: 'Senha@1',
      acceptTerms: true,
    });
    expect(ok.success).toBe(true);
    const mismatch = registrationFormSchema.safeParse({
      ...valid,
      passwordConfirmation: 'Senha@2',
      acceptTerms: true,
    });
    expect(mismatch.error?.issues.map((i) => i.path.join('.'))).toContain('passwordConfirmation');
    const terms = registrationFormSchema.safeParse({
      ...valid,
      passwordConfirmation: 'Senha@1',
      acceptTerms: false,
    });
    expect(terms.error?.issues.map((i) => i.path.join('.'))).toContain('acceptTerms');
  });
});

describe('profile and change-password schemas', () => {
  it('profile: name required, phone optional but valid', () => {
    expect(profileUpdateSchema.parse({ name: ' Ana ', phone: '', occupation: '' })).toEqual({
      name: 'Ana',
      phone: null,
      occupation: null,
    });
    expect(profileUpdateSchema.safeParse({ name: 'Ana', phone: '12' }).success).toBe(false);
  });
  it('change password: current non-empty, new follows the rules, confirmation equal', () => {
    expect(
      changePasswordFormSchema.safeParse({
        currentPassword: 'x',
        newPassword: 'Nova@123',
        confirmation: 'Nova@123',
      }).success,
    ).toBe(true);
    expect(
      changePasswordFormSchema.safeParse({
        currentPassword: '',
        newPassword: 'Nova@123',
        confirmation: 'Nova@123',
      }).success,
    ).toBe(false);
    expect(
      changePasswordFormSchema.safeParse({
        currentPassword: 'x',
        newPassword: 'nova123',
        confirmation: 'nova123',
      }).success,
    ).toBe(false);
    const mismatch = changePasswordFormSchema.safeParse({
      currentPassword: 'x',
      newPassword: 'Nova@123',
      confirmation: 'Nova@124',
    });
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmation']);
  });
});

describe('server helpers', () => {
  it('recognises images by their bytes, not their declared type', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.type).toBe(
      'image/png',
    );
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.type).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.type).toBe('image/webp');
    expect(sniffImage(Buffer.from('<svg/>'))).toBeNull();
  });
  it('renders mails per language with escaped HTML and the link', () => {
    const pt = renderMail('passwordReset', 'pt', {
      name: '<b>Ana</b>',
      link: 'http://x/#/password-reset?t=abc',
      validHours: 1,
    });
    expect(pt.subject).toBe('Redefinição de senha do EquipCheck');
    expect(pt.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(pt.text).toContain('http://x/#/password-reset?t=abc');
    expect(renderMail('activation', 'es', { name: 'A', link: 'l', validHours: 48 }).subject).toBe(
      'Active su entorno en EquipCheck',
    );
    expect(renderMail('activation', 'fr', { name: 'A', link: 'l', validHours: 48 }).subject).toBe(
      'Ative seu ambiente no EquipCheck',
    );
  });
});
