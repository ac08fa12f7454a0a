/**
 * A real OpenID Connect provider for tests, run as its own process:
 * `node tests/helpers/oidc-server.ts [--port N]` (a free port by default) prints one line
 * `OIDC_READY {"issuer": "http://127.0.0.1:N"}` once it listens, and stops on SIGTERM.
 *
 * It is `oauth2-mock-server` (discovery, `/authorize` with PKCE, `/token`, `/jwks`,
 * `/userinfo`) with the identity of each login chosen by the test and the id_token signed
 * here, so tests can also get tokens a real attacker could produce (see `Tamper`).
 * Under `/github` it speaks GitHub's OAuth2 and REST paths for the same logins
 * (`/github/login/oauth/authorize`, `/github/login/oauth/access_token`, `/github/api/user`,
 * `/github/api/user/emails`).
 *
 * Each authorization request may carry `mock_user=<base64url JSON of a MockUser>`; without
 * it the login is `OIDC_DEFAULT_USER` (JSON) or a fixed default person. `MockUser` (and the
 * ways it can spoil its tokens, `Tamper`) are defined once, in `oidc-server-process.ts`.
 */
import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";
// Types only (erased when Node runs this file): one definition of a test person.
import type { MockUser } from "./oidc-server-process.ts";

interface Login {
  user: MockUser;
  nonce: string | undefined;
  github: boolean;
}

const DEFAULT_USER: MockUser = process.env.OIDC_DEFAULT_USER
  ? (JSON.parse(process.env.OIDC_DEFAULT_USER) as MockUser)
  : {
      sub: "mock-default-user",
      email: "oidc.person@example.com",
      email_verified: true,
      name: "Olive Oidc",
      preferred_username: "olive",
    };

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const host = "127.0.0.1";
const port = Number(argument("port") ?? "0");

// Published keys (RS256 and ES256) and one the provider never publishes.
const rsa = await generateKeyPair("RS256", { extractable: true });
const ec = await generateKeyPair("ES256", { extractable: true });
const rogue = await generateKeyPair("RS256", { extractable: true });
const rsaKid = "mock-rs256";
const ecKid = "mock-es256";
const privateJwk = async (
  key: Parameters<typeof exportJWK>[0],
  kid: string,
  alg: string,
): Promise<JWK> => ({
  ...(await exportJWK(key)),
  kid,
  alg,
  use: "sig",
});

const issuer = new OAuth2Issuer();
await issuer.keys.add(await privateJwk(rsa.privateKey, rsaKid, "RS256"));
await issuer.keys.add(await privateJwk(ec.privateKey, ecKid, "ES256"));
const service = new OAuth2Service(issuer);

const logins = new Map<string, Login>();
const accessTokens = new Map<string, MockUser>();

function decodeUser(raw: unknown): MockUser {
  if (typeof raw !== "string" || raw === "") return DEFAULT_USER;
  return JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as MockUser;
}

service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: IncomingMessage) => {
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  const user = decodeUser(query.get("mock_user"));
  const code = redirect.url.searchParams.get("code");
  if (user.authorizeError) {
    redirect.url.searchParams.delete("code");
    redirect.url.searchParams.set("error", user.authorizeError);
    redirect.url.searchParams.set("error_description", "The person refused the request.");
    return;
  }
  if (code) {
    logins.set(code, {
      user,
      nonce: query.get("nonce") ?? undefined,
      github: query.get("mock_github") === "1",
    });
  }
});

service.on(
  "beforeUserinfo",
  (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
    const user = accessTokens.get(bearer(req));
    if (!user) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = { sub: user.sub, ...(user.claimsIn === "userinfo" ? profileClaims(user) : {}) };
  },
);

function bearer(req: IncomingMessage): string {
  return (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
}

function profileClaims(user: MockUser): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const key of ["email", "email_verified", "name", "preferred_username", "picture"] as const)
    if (user[key] !== undefined) claims[key] = user[key];
  return claims;
}

function clientOf(req: IncomingMessage & { body?: Record<string, unknown> }): {
  id: string;
  secret: string;
} {
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? "");
  if (basic?.[1]) {
    const [id = "", secret = ""] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return {
    id: typeof req.body?.client_id === "string" ? req.body.client_id : "",
    secret: typeof req.body?.client_secret === "string" ? req.body.client_secret : "",
  };
}

async function idToken(login: Login, clientId: string, clientSecret: string): Promise<string> {
  const { user } = login;
  const now = Math.floor(Date.now() / 1000);
  const tamper = user.tamper;
  const payload: Record<string, unknown> = {
    iss: tamper === "iss" ? "http://127.0.0.1:9/not-the-issuer" : issuer.url,
    sub: user.sub,
    aud:
      tamper === "aud"
        ? "another-client"
        : tamper === "azp"
          ? [clientId, "another-client"]
          : clientId,
    iat: tamper === "expired" ? now - 7200 : now,
    exp: tamper === "expired" ? now - 3600 : now + 3600,
    ...(user.claimsIn === "userinfo" ? {} : profileClaims(user)),
  };
  if (tamper === "azp") payload.azp = "another-client";
  if (tamper === "nonce") payload.nonce = randomBytes(16).toString("base64url");
  else if (tamper !== "no-nonce" && login.nonce !== undefined) payload.nonce = login.nonce;
  const jwt = new SignJWT(payload);
  switch (tamper) {
    case "hs256":
      return jwt
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(clientSecret));
    case "none": {
      const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
      return `${encode({ alg: "none", typ: "JWT" })}.${encode(payload)}.`;
    }
    case "signature":
      return jwt
        .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: rsaKid })
        .sign(rogue.privateKey);
    case "unknown-kid":
      return jwt
        .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: "rogue-key" })
        .sign(rogue.privateKey);
    case "es256":
      return jwt.setProtectedHeader({ alg: "ES256", typ: "JWT", kid: ecKid }).sign(ec.privateKey);
    default:
      return jwt.setProtectedHeader({ alg: "RS256", typ: "JWT", kid: rsaKid }).sign(rsa.privateKey);
  }
}

function githubUser(user: MockUser) {
  if (user.github) return user.github;
  let id = 0;
  for (const char of user.sub) id = (id * 31 + char.charCodeAt(0)) % 2_000_000_000;
  return {
    id,
    login: user.preferred_username ?? user.sub,
    name: user.name ?? null,
    avatar_url: user.picture ?? "",
    emails: user.email
      ? [{ email: user.email, primary: true, verified: user.email_verified === true }]
      : [],
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Lets the mock answer `/token` (it checks the code and the PKCE verifier), then rewrites
 * its answer: the id_token this test login asked for, or GitHub's shape.
 */
function rewriteTokenAnswer(
  req: IncomingMessage & { body?: Record<string, unknown> },
  res: ServerResponse,
): void {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  (res as { end: unknown }).end = (chunk?: unknown) => {
    void (async () => {
      const code = typeof req.body?.code === "string" ? req.body.code : "";
      const login = logins.get(code);
      let text =
        typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
      if (login && res.statusCode === 200) {
        logins.delete(code);
        const answer = JSON.parse(text) as Record<string, unknown>;
        const { id, secret } = clientOf(req);
        if (login.user.tamper === "token-error") {
          res.statusCode = 400;
          text = JSON.stringify({ error: "invalid_grant" });
        } else {
          accessTokens.set(String(answer.access_token), login.user);
          if (login.github) {
            text = JSON.stringify({
              access_token: answer.access_token,
              token_type: "bearer",
              scope: "read:user,user:email",
            });
          } else {
            if (login.user.tamper === "no-id-token") delete answer.id_token;
            else answer.id_token = await idToken(login, id, secret);
            text = JSON.stringify(answer);
          }
        }
      }
      res.setHeader("content-length", Buffer.byteLength(text));
      end(text);
    })();
    return res;
  };
}

const handler = service.requestHandler;
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/github/login/oauth/authorize") {
    url.searchParams.set("mock_github", "1");
    req.url = `/authorize?${url.searchParams.toString()}`;
  } else if (url.pathname === "/github/login/oauth/access_token") {
    req.url = "/token";
  } else if (url.pathname === "/github/api/user" || url.pathname === "/github/api/user/emails") {
    const user = accessTokens.get(bearer(req));
    if (!user) {
      sendJson(res, 401, { message: "Bad credentials" });
      return;
    }
    const { emails, ...profile } = githubUser(user);
    sendJson(res, 200, url.pathname.endsWith("/emails") ? emails : { ...profile, email: null });
    return;
  }
  if (req.method === "POST" && req.url === "/token") rewriteTokenAnswer(req, res);
  handler(req, res);
});

server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  issuer.url = `http://${host}:${String(actual)}`;
  process.stdout.write(`OIDC_READY ${JSON.stringify({ issuer: issuer.url })}\n`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
