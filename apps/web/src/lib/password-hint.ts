import { PASSWORD_MIN } from '@bizdash/shared';

/** The sign-up password rules in words, shown under every field that sets a new password. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&#.`;
