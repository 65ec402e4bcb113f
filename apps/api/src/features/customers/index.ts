/**
 * The people who paid a merchant through checkout (issue 22 §3): checkout names a payment's customer while it
 * opens the payment. The routes (listing and reading customers with what they spent) are registered by app.ts from
 * customers.routes.ts, not through this face: they read checkout's payments, and checkout imports this face.
 */

export { customerOfPayment } from './customer-of-payment.ts';
