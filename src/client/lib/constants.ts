/** Provider contact shown in the footer and in the pending-registration notice (seed 000 §1, §8). */
export const CONTACT_EMAIL = 'contato@equipcheck.com.br';
export const PRODUCT_NAME = 'EquipCheck';
export const DEFAULT_USER_IMAGE = '/default-user.svg';
export const LOGO_MARK = '/logo-mark.svg';
