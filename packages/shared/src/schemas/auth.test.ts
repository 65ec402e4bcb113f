import { describe, expect, it } from 'vitest';
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
    expect(messagesFor({ ...valid, firstName: '', phoneNumber: 'abc', countryOfBusiness: 'N' })).toEqual([
      'First Name is required',
      'Must be at least 2 characters long',
      'Enter a valid phone number',
      'Must be at least 2 characters long',
    ]);
  });
});
