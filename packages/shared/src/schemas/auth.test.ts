import { describe, expect, it } from 'vitest';
import { SUPPORTED_COUNTRIES, UNSUPPORTED_COUNTRY } from '../business/countries.ts';
import { SignUpRequestSchema } from './auth.ts';

const valid = {
  email: 'Ada@Example.com',
  password: 'Str0ng!Pass',
  firstName: 'Ada',
  lastName: 'Obi',
  phoneNumber: '08031234567',
  businessName: 'Ada Foods',
  countryOfBusiness: 'Nigeria',
};

const messagesFor = (input: object) =>
  SignUpRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('SignUpRequestSchema', () => {
  it('accepts a valid merchant and lower-cases the email', () => {
    expect(SignUpRequestSchema.parse(valid).email).toBe('ada@example.com');
  });

  it('gives each password rule its own message', () => {
    expect(messagesFor({ ...valid, password: 'abc' })).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (@$!%*?&#)',
    ]);
  });

  it('requires names, phone and business details with the spec messages', () => {
    expect(messagesFor({ ...valid, firstName: '', phoneNumber: 'abc', countryOfBusiness: '' })).toEqual([
      'First Name is required',
      'Must be at least 2 characters long',
      'Enter a valid phone number',
      'Country of Business is required',
    ]);
  });

  it('takes every supported country of business and refuses any other with a sentence naming them', () => {
    for (const country of SUPPORTED_COUNTRIES) {
      expect(SignUpRequestSchema.parse({ ...valid, countryOfBusiness: country }).countryOfBusiness).toBe(
        country,
      );
    }
    for (const country of ['Narnia', 'nigeria', 'NG']) {
      expect(messagesFor({ ...valid, countryOfBusiness: country })).toEqual([UNSUPPORTED_COUNTRY]);
    }
    expect(UNSUPPORTED_COUNTRY).toBe(
      "Choose a supported Country of Business: Côte d'Ivoire, Ghana, Kenya, Nigeria, South Africa, United States.",
    );
  });
});
