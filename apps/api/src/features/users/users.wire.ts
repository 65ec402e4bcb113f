import type { UpdateCompanyDetailsRequest, User } from '@bizdash/shared';
import type { users } from '../../db/schema/users.ts';
import type { CompanyDetailsChanges } from './users.repository.ts';

/*
 * Where the stored user meets SPEC's wire shape. The one name that differs: the column is `checkout_logo_url`
 * (`checkoutLogoUrl` in code), and SPEC's field is `checkoutLogUrl`, kept as it is for its clients. Code uses
 * the column's name and maps it here, in both directions, nowhere else in this feature.
 */

type StoredUser = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'status'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'emailVerified'
  | 'phoneNumber'
  | 'profilePictureUrl'
  | 'businessName'
  | 'countryOfBusiness'
  | 'businessDescription'
  | 'chargeCheckoutFeeToCustomer'
  | 'checkoutLogoUrl'
  | 'isApp'
>;

/** The `User` of GET /api/users/{id}: the stored row with the sections other features answer. */
export function toWireUser(user: StoredUser, sections: Pick<User, 'apiKey' | 'wallets' | 'banks'>): User {
  return {
    recordId: user.id,
    status: user.status,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber,
    profilePictureUrl: user.profilePictureUrl,
    businessName: user.businessName,
    countryOfBusiness: user.countryOfBusiness,
    businessDescription: user.businessDescription,
    chargeCheckoutFeeToCustomer: user.chargeCheckoutFeeToCustomer,
    checkoutLogUrl: user.checkoutLogoUrl,
    isApp: user.isApp,
    apiKey: sections.apiKey,
    wallets: sections.wallets,
    banks: sections.banks,
  };
}

/** The company details form as the columns it changes (name and country are checked, never changed). */
export function companyDetailsFromWire(body: UpdateCompanyDetailsRequest): CompanyDetailsChanges {
  return {
    businessDescription: body.businessDescription,
    checkoutLogoUrl: body.checkoutLogUrl,
    chargeCheckoutFeeToCustomer: body.chargeCheckoutFeeToCustomer,
  };
}
