import { createMerchant, expect, newMerchantDetails, openAs, test } from '../support/fixtures';
import {
  acceptCookiesUpFront,
  exactPath,
  fetchUser,
  fillSignUpForm,
  mainNav,
  storedCredentials,
  toast,
} from '../support/helpers';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

test('a new merchant signs up through the form and lands on the dashboard, and a reload keeps the session', async ({
  page,
  request,
}) => {
  const details = newMerchantDetails();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your Bizdash account' })).toBeVisible();

  await fillSignUpForm(page, details);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  await expect(page.getByTestId('user-status')).toHaveText('Pending KYC');
  await expect(page.getByTestId('user-status')).toHaveAttribute('data-status', 'PENDING_KYC');

  const credentials = await storedCredentials(page);
  expect(credentials).not.toBeNull();
  const user = await fetchUser(request, credentials as NonNullable<typeof credentials>);
  expect(user).toMatchObject({
    recordId: credentials?.userId,
    email: details.email,
    firstName: details.firstName,
    lastName: details.lastName,
    phoneNumber: details.phoneNumber,
    businessName: details.businessName,
    countryOfBusiness: details.countryOfBusiness,
    status: 'PENDING_KYC',
    emailVerified: false,
  });

  await page.reload();
  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  expect(await storedCredentials(page)).toEqual(credentials);
});

test('sign-up shows messages for the fields the user touched and creates nothing', async ({
  page,
  request,
}) => {
  const details = newMerchantDetails();
  const signUpCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/auth/signup')) signUpCalls.push(sent.method());
  });
  await page.goto('/signup');

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone Number').fill('12345');
  await page.getByLabel('Password', { exact: true }).fill('Sh0rt!');
  await page.getByLabel('Password', { exact: true }).blur();

  await expect(page.getByText('Email is invalid', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter a valid phone number', { exact: true })).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  // Untouched fields stay quiet.
  await expect(page.getByText('First Name is required')).toHaveCount(0);
  await expect(page.getByText('Company Name is required')).toHaveCount(0);

  // Submitting reveals the rest and still sends nothing.
  await page.getByLabel('Email').fill(details.email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Country of Business is required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(exactPath('/signup'));
  expect(signUpCalls).toEqual([]);
  expect(await storedCredentials(page)).toBeNull();

  const signIn = await request.post('/api/auth/signin', {
    data: { email: details.email, password: details.password },
  });
  expect(signIn.status(), 'no account exists for the email').toBe(401);
});

test("signing up with a taken email shows the server's message and keeps the visitor on the form", async ({
  page,
  request,
}) => {
  const existing = await createMerchant(request);
  const details = newMerchantDetails();
  await page.goto('/signup');
  await fillSignUpForm(page, { ...details, email: existing.email.toUpperCase() });
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(toast(page, 'An account with this email already exists. Sign in instead.')).toBeVisible();
  await expect(page).toHaveURL(exactPath('/signup'));
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  expect(await storedCredentials(page)).toBeNull();

  // The original account is untouched: its owner still signs in with the original password.
  const signIn = await request.post('/api/auth/signin', {
    data: { email: existing.email, password: existing.password },
  });
  expect(signIn.status()).toBe(200);
  expect(((await signIn.json()) as { userId: string }).userId).toBe(existing.userId);
});

test('a wrong password is refused with a message and the visitor stays on sign-in', async ({
  page,
  request,
}) => {
  const merchant = await createMerchant(request);
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill('Wr0ng!Password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(await storedCredentials(page)).toBeNull();
});

test('a merchant signs in and lands on the dashboard', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  // Hold the answer until the pending state has been seen.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/signin', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(exactPath('/dashboard/recents'));
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');
  await expect(page.getByTestId('current-profile')).toHaveText(merchant.businessName);
  const credentials = await storedCredentials(page);
  expect(credentials?.userId).toBe(merchant.userId);
  expect((await fetchUser(request, credentials as NonNullable<typeof credentials>)).email).toBe(
    merchant.email,
  );
});

test('the sign-in and sign-up pages link to each other', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(exactPath('/signup'));
  await expect(page.getByRole('heading', { name: 'Create your Bizdash account' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
});

test('logout ends the session on this device and on the server', async ({ page, request }) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/dashboard/recents');
  await expect(page.getByTestId('user-full-name')).toHaveText('Chiamaka Eze');

  await mainNav(page).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(exactPath('/signin'));
  await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
  expect(await storedCredentials(page)).toBeNull();

  const refused = await request.get(`/api/users/${merchant.userId}`, {
    headers: { Authorization: `Bearer ${merchant.token}` },
  });
  expect(refused.status()).toBe(401);

  // Going back to a signed-in page does not bring the session back.
  await page.goto('/dashboard/recents');
  await expect(page).toHaveURL(exactPath('/signin'));
});
