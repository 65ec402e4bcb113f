export const checkoutPath = (productId: string) => `/pay/${encodeURIComponent(productId)}`;

export const paymentPath = (productId: string, paymentId: string) =>
  `${checkoutPath(productId)}/payments/${encodeURIComponent(paymentId)}`;
