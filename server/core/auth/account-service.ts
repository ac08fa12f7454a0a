/**
 * The account flows of auth collections beyond password sign-in, after PocketBase's
 * `apis/record_auth_*.go`: email verification, password reset, email change, one-time
 * passwords by email, and impersonation by superusers, one file each; the devices every
 * sign-in records (ADR 053); and what the first proof of an address removes (ADR 056).
 *
 * SECURITY: request-style flows answer the same way, after the same work, whether or not an
 * account has the address (no enumeration), and mail in the background; every link is built
 * from the configured app URL.
 */
import type { AccountDeps } from "./account-deps.ts";
import { registerAddressInUse } from "./address-in-use.ts";
import { registerAddressProof } from "./address-proof.ts";
import { Devices } from "./devices/devices.ts";
import { EmailChangeFlow } from "./email-change-flow.ts";
import { Impersonation } from "./impersonation.ts";
import { OtpFlow } from "./otp-flow.ts";
import { PasswordResetFlow } from "./password-reset-flow.ts";
import { VerificationFlow } from "./verification-flow.ts";

/** Every account flow. */
export class AccountService {
  readonly verification: VerificationFlow;
  readonly passwordReset: PasswordResetFlow;
  readonly emailChange: EmailChangeFlow;
  readonly otp: OtpFlow;
  readonly impersonation: Impersonation;
  readonly devices: Devices;

  constructor(deps: AccountDeps) {
    this.verification = new VerificationFlow(deps);
    this.passwordReset = new PasswordResetFlow(deps);
    this.emailChange = new EmailChangeFlow(deps);
    this.otp = new OtpFlow(deps);
    this.impersonation = new Impersonation(deps);
    this.devices = new Devices(deps);
    this.devices.attachTo(deps.auth);
    registerAddressProof(deps);
    // Sign-up tells no one which addresses have accounts (ADR 061).
    registerAddressInUse(deps);
  }
}
