import {
  ApiErrorSchema,
  KYC_SELFIE_REQUIRED,
  KycSubmissionSchema,
  SandboxKycSessionParamsSchema,
  SandboxKycSessionSchema,
} from '@bizdash/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { callbackUndelivered, sandboxSessionRoute } from '../../lib/sandbox-callback.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import {
  assertStorageLeft,
  ImageUploadFormSchema,
  INVALID_IMAGE_MESSAGE,
  multipartRoute,
  registerMultipart,
  storeKycSelfie,
  throughUploadGate,
  withSingleImage,
} from '../files/index.ts';
import { findUserIdByVerificationId } from './kyc.repository.ts';
import { deliverSandboxKycCallback } from './sandbox-reviews-job.ts';

const SESSION_NOT_FOUND = 'This verification link is not valid or has expired. Start again from Bizdash.';
const UNDELIVERED = callbackUndelivered('The result could not be sent to Bizdash. Please try again.');

/**
 * The sandbox identity provider's widget API (public: the session id in the widget's link is the credential,
 * as a real provider's widget token is). Registered only while the identity provider is the sandbox.
 */
export function kycSandboxRoutes(deps: AppDeps) {
  return typedRoutes(async (typed, app) => {
    const widget = deps.identity.sandbox;
    if (!widget) return;

    const deliver = deliverSandboxKycCallback(app);
    await registerMultipart(app);
    sandboxSessionRoute(typed, {
      summary: "The sandbox identity widget's session: where it stands and the test numbers",
      params: SandboxKycSessionParamsSchema,
      session: SandboxKycSessionSchema,
      find: (sessionId) => widget.session(sessionId),
      notFoundMessage: SESSION_NOT_FOUND,
    });

    typed.post(
      '/sessions/:sessionId/selfie',
      {
        ...multipartRoute,
        schema: {
          tags: ['sandbox'],
          consumes: ['multipart/form-data'],
          summary:
            'Takes the selfie (multipart `file`, png or jpeg by its bytes): re-encoded without metadata and ' +
            "stored as a private file of the verification's user, linked to the session",
          params: SandboxKycSessionParamsSchema,
          body: ImageUploadFormSchema,
          response: {
            200: SandboxKycSessionSchema,
            400: ApiErrorSchema,
            404: ApiErrorSchema,
            413: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { sessionId } = request.params;
        const verificationId = await widget.openVerificationOf(sessionId);
        const userId = verificationId && (await findUserIdByVerificationId(deps.database.db, verificationId));
        if (!userId) throw notFound(SESSION_NOT_FOUND);
        // The same bounds as every upload: the merchant's concurrent uploads and its storage quota.
        const stored = await throughUploadGate(
          deps.config.storage,
          { request, reply, merchantId: userId },
          async () => {
            await assertStorageLeft(deps.database.db, deps.config.storage.quotaBytes, userId);
            return withSingleImage(request, INVALID_IMAGE_MESSAGE, (file) =>
              storeKycSelfie({ ownerId: userId, source: file, originalName: file.filename }, deps),
            );
          },
        );
        if (!(await widget.attachSelfie(sessionId, stored.id))) throw notFound(SESSION_NOT_FOUND);
        const session = await widget.session(sessionId);
        if (!session) throw notFound(SESSION_NOT_FOUND);
        return session;
      },
    );

    typed.post(
      '/sessions/:sessionId/submit',
      {
        schema: {
          tags: ['sandbox'],
          summary:
            'Submits the ID type, number and date of birth; the test number decides the outcome, which reaches ' +
            'the API as signed callbacks (IN_REVIEW, then APPROVED or REJECTED, or APPROVED a minute later)',
          params: SandboxKycSessionParamsSchema,
          body: KycSubmissionSchema,
          response: {
            200: SandboxKycSessionSchema,
            400: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
            502: ApiErrorSchema,
          },
        },
      },
      async (request) => {
        const result = await widget.submit(request.params.sessionId, request.body, deliver);
        switch (result.kind) {
          case 'NOT_FOUND':
            throw notFound(SESSION_NOT_FOUND);
          case 'NO_SELFIE':
            throw badRequest(KYC_SELFIE_REQUIRED, 'KYC_SELFIE_REQUIRED');
          case 'ALREADY_SUBMITTED':
            throw conflict('This verification was already submitted.', 'KYC_ALREADY_SUBMITTED');
          case 'UNDELIVERED':
            throw UNDELIVERED;
          default:
            return result.session;
        }
      },
    );
  });
}
