/**
 * The account routes of auth collections, one file per flow: verification, password reset,
 * email change, one-time passwords, impersonation and devices.
 */
import type { FastifyInstance } from "fastify";
import type { AccountService } from "../../core/auth/account-service.ts";
import { registerRecordAuthDevicesRoutes } from "./record-auth-devices.ts";
import { registerRecordAuthEmailChangeRoutes } from "./record-auth-email-change.ts";
import { registerRecordAuthImpersonateRoutes } from "./record-auth-impersonate.ts";
import { registerRecordAuthOtpRoutes } from "./record-auth-otp.ts";
import { registerRecordAuthPasswordResetRoutes } from "./record-auth-password-reset.ts";
import { registerRecordAuthVerificationRoutes } from "./record-auth-verification.ts";

/** Registers every account route. */
export function registerRecordAuthAccountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
): void {
  registerRecordAuthVerificationRoutes(app, accounts.verification);
  registerRecordAuthPasswordResetRoutes(app, accounts.passwordReset);
  registerRecordAuthEmailChangeRoutes(app, accounts.emailChange);
  registerRecordAuthOtpRoutes(app, accounts.otp);
  registerRecordAuthImpersonateRoutes(app, accounts.impersonation);
  registerRecordAuthDevicesRoutes(app, accounts.devices);
}
