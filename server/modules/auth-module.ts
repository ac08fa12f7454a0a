/**
 * Signing in and the account flows as a module: sessions (`AuthService`), OAuth2, mail-backed
 * account flows (verification, reset, email change, OTP, impersonation), the second factors
 * (ADR 046; each a plug-in of `second-factor-list.ts`, ADR 066) and passkeys (ADR 052), with
 * their routes.
 */
import { AccountService } from "../core/auth/account-service.ts";
import { AuthService } from "../core/auth/auth-service.ts";
import { AuthThrottle } from "../core/auth/auth-throttle.ts";
import { logImpersonations } from "../core/auth/impersonation-log.ts";
import { MfaSessions } from "../core/auth/mfa/mfa-sessions.ts";
import { SecondFactors } from "../core/auth/mfa/second-factor.ts";
import { makeSecondFactors } from "../core/auth/mfa/second-factor-list.ts";
import { OAuth2Providers } from "../core/auth/oauth2/oauth2-providers.ts";
import { OAuth2Service } from "../core/auth/oauth2/oauth2-service.ts";
import { collectionHasPasskeys, createPasskeys } from "../core/auth/passkeys/passkeys.ts";
import { relyingPartyOf } from "../core/auth/passkeys/relying-party.ts";
import { RecordTokens } from "../core/auth/record-tokens.ts";
import type { Secrets } from "../core/auth/secrets.ts";
import type { Mailer } from "../core/mail/mailer.ts";
import type { RateLimiter } from "../core/rate-limit/index.ts";
import { registerRecordAuthRoutes } from "../http/records/record-auth.ts";
import { registerRecordAuthAccountRoutes } from "../http/records/record-auth-accounts.ts";
import { registerRecordAuthPasskeyRoutes } from "../http/records/record-auth-passkey.ts";
import { registerRecordAuthSecondFactorRoutes } from "../http/records/record-auth-second-factor.ts";
import { registerRecordAuthWithOAuth2Routes } from "../http/records/record-auth-with-oauth2.ts";
import type { Kernel } from "../kernel/module.ts";

/** What the auth module needs from the core. */
export interface AuthDeps {
  secrets: Secrets;
  limiter: RateLimiter;
  mailer: Mailer;
}

/** What other parts use. */
export interface AuthParts {
  auth: AuthService;
  /** Verification, password reset, email change, OTP and impersonation. */
  accounts: AccountService;
  /** The keys of every second factor (read again after a restore). */
  twoFactorKeys: Pick<SecondFactors, "reload">;
}

/** Makes sign-in and the account flows, and registers their routes. */
export async function authModule(kernel: Kernel, deps: AuthDeps): Promise<AuthParts> {
  const { db, records, config, settings, log } = kernel;
  const logWarning = (error: unknown, message: string) => {
    log.warn({ err: error }, message);
  };
  const oauth2Providers = OAuth2Providers.fromConfig(config.oauth2, logWarning);
  const mfa = new MfaSessions(db);
  // Passkeys work where browsers accept the public URL's host as a relying party (ADR 052).
  const relyingParty = relyingPartyOf(config.appUrl);
  const auth = new AuthService(records, deps.secrets, {
    oauth2: oauth2Providers,
    mfa,
    limiter: deps.limiter,
    passkeys: (collection) => relyingParty !== null && collectionHasPasskeys(collection),
    // Issue 22: whoever is turned away, and why, so a lost session can be explained.
    onRefused: (refusal) => {
      log.info(refusal, "session refused");
    },
  });
  logImpersonations(auth, records, (message, data) => {
    log.warn(data, message);
  });
  const oauth2 = new OAuth2Service(records, auth, oauth2Providers, logWarning);
  const throttle = new AuthThrottle(db);
  const appName = () => settings.appName;
  const secondFactors = new SecondFactors(
    { records, auth, mfa },
    await makeSecondFactors({ db, records, throttle, appName }),
  );
  const accounts = new AccountService({
    db,
    records,
    auth,
    tokens: new RecordTokens(records, deps.secrets),
    throttle,
    mailer: deps.mailer,
    appUrl: config.appUrl,
    // Mails name the site as its settings have it when they are sent (issue 25 item 3).
    appName,
    secondFactors,
  });
  const passkeys = createPasskeys({ db, records, auth, mfa, rp: relyingParty, appName });
  kernel.routes.push((app) => {
    registerRecordAuthRoutes(app, auth);
    registerRecordAuthAccountRoutes(app, accounts);
    registerRecordAuthWithOAuth2Routes(app, oauth2);
    registerRecordAuthSecondFactorRoutes(app, secondFactors);
    registerRecordAuthPasskeyRoutes(app, passkeys);
  });
  return { auth, accounts, twoFactorKeys: secondFactors };
}
