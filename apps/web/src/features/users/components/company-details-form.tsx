import {
  BUSINESS_DESCRIPTION_MAX,
  CHECKOUT_LOGO_URL_MAX,
  type UpdateCompanyDetailsRequest,
  UpdateCompanyDetailsRequestSchema,
  type User,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldShell, inputClasses, TextField } from '@/components/ui/form-field';
import { PermissionGate } from '@/components/ui/permission-gate';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateCompanyDetails } from '../api/update-user';
import { CheckoutLogoPicker } from './checkout-logo-picker';

const COMPANY_FIELDS = [
  'businessName',
  'countryOfBusiness',
  'businessDescription',
  'checkoutLogUrl',
  'chargeCheckoutFeeToCustomer',
] as const;

const companyValues = (user: User) => ({
  businessName: user.businessName,
  countryOfBusiness: user.countryOfBusiness,
  businessDescription: user.businessDescription ?? '',
  checkoutLogUrl: user.checkoutLogUrl ?? '',
  chargeCheckoutFeeToCustomer: user.chargeCheckoutFeeToCustomer,
});

// The select holds text; the schema wants a boolean, or nothing when 'Select Payment Option' is chosen.
const feeChoice = (value: unknown) =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : undefined;

/** Company name and country are fixed; description, checkout logo and who pays the fee are edited here. */
export function CompanyDetailsForm({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdateCompanyDetailsRequestSchema),
    values: companyValues(user),
    // Formik's touched rule: a field's error shows once it was left, then follows every change.
    mode: 'onTouched',
  });
  const update = useUpdateCompanyDetails((error) =>
    applyServerFieldErrors<UpdateCompanyDetailsRequest>(error, setError, COMPANY_FIELDS),
  );
  const pending = update.isPending;
  const logoUrl = useWatch({ control, name: 'checkoutLogUrl' });
  const descriptionId = useId();
  const feeId = useId();

  return (
    <form
      noValidate
      aria-label="Company details"
      onSubmit={handleSubmit((input) => update.mutate(input))}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Company Name" value={user.businessName} disabled readOnly />
        <TextField label="Country of Business" value={user.countryOfBusiness} disabled readOnly />
      </div>
      <CheckoutLogoPicker
        url={logoUrl ?? ''}
        onUploaded={(url) =>
          setValue('checkoutLogUrl', url, { shouldDirty: true, shouldValidate: true, shouldTouch: true })
        }
      >
        <TextField
          label="Checkout Logo URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={CHECKOUT_LOGO_URL_MAX}
          hint="Customers see it on your checkout page. A link is copied to Bizdash when you save."
          error={errors.checkoutLogUrl?.message}
          {...register('checkoutLogUrl')}
        />
      </CheckoutLogoPicker>
      <FieldShell
        id={descriptionId}
        label="Description of Business"
        error={errors.businessDescription?.message}
      >
        <textarea
          id={descriptionId}
          rows={4}
          maxLength={BUSINESS_DESCRIPTION_MAX}
          aria-invalid={errors.businessDescription ? true : undefined}
          aria-describedby={errors.businessDescription ? `${descriptionId}-error` : undefined}
          className={cn(
            inputClasses(Boolean(errors.businessDescription)),
            'h-auto max-h-[200px] max-w-[600px] resize-y py-2.5',
          )}
          {...register('businessDescription')}
        />
      </FieldShell>
      <FieldShell id={feeId} label="Let customer pay fee" error={errors.chargeCheckoutFeeToCustomer?.message}>
        <select
          id={feeId}
          aria-invalid={errors.chargeCheckoutFeeToCustomer ? true : undefined}
          aria-describedby={errors.chargeCheckoutFeeToCustomer ? `${feeId}-error` : undefined}
          className={cn(inputClasses(Boolean(errors.chargeCheckoutFeeToCustomer)), 'max-w-xs')}
          {...register('chargeCheckoutFeeToCustomer', { setValueAs: feeChoice })}
        >
          <option value="">Select Payment Option</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      </FieldShell>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={pending} onClick={() => reset(companyValues(user))}>
          Cancel
        </Button>
        <PermissionGate permission="settings.manage">
          {(allowed) => (
            <Button type="submit" pending={pending} disabled={!allowed}>
              Save changes
            </Button>
          )}
        </PermissionGate>
      </div>
    </form>
  );
}
