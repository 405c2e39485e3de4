// A real OpenID Connect provider on loopback for tests and for trying sign-in in dev: the certified
// `oidc-provider` package, as one issuer per id given, each on a port of its own.
//
//   node scripts/oidc-provider.mjs
//     OIDC_TEST_IDS=test-a,test-b        our short names for them (one issuer each)
//     OIDC_TEST_PORTS=18081,18082        0 picks a free port
//     OIDC_TEST_SITE=http://127.0.0.1:18080   our site: the client's one registered redirect URI
//                                             is {site}/auth/oidc/{id}/callback
//
// Prints one line of JSON when listening: {"test-a":"http://127.0.0.1:18081",…} (the issuers).
// Every issuer has one client, `booking`, whose secret is `secret-{id}`.
//
// The sign-in page takes any subject and address, and whether the provider vouches for the address,
// so a test can be any person. For requests without a browser, `login_hint=sub|email|verified`
// (e.g. `u1|ann@example.com|1`; an empty email gives no address) signs in at once.
//
// Tests of our checks need tokens no honest provider sends: POST /__test/next-id-token with a JSON
// object of claims to change (`iss`, `aud`, `nonce`, `exp`; null removes a claim) makes the next
// token response carry an ID token with those claims, signed with this issuer's own key.

import { createServer } from 'node:http';
import { generateKeyPair, exportJWK, decodeJwt, SignJWT } from 'jose';
import Provider from 'oidc-provider';

// Standard output carries the one ready line; the package's own notes go to standard error, so a
// caller may stop reading after that line.
console.log = console.info = (...args) => console.error(...args);

const ids = (process.env.OIDC_TEST_IDS ?? 'test-a,test-b').split(',').filter(Boolean);
const ports = (process.env.OIDC_TEST_PORTS ?? ids.map(() => '0').join(',')).split(',').map(Number);
const site = (process.env.OIDC_TEST_SITE ?? 'http://127.0.0.1:18080').replace(/\/$/, '');

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}label{display:block;margin:12px 0 4px}input[type=text]{width:100%;padding:8px;box-sizing:border-box}button{margin:16px 8px 0 0;padding:8px 16px}</style>
</head><body>${body}</body></html>`;
}

async function issuer(id, port) {
  // Listening comes first (the issuer names the port); until the provider is made, it says so.
  let handle = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `${id}-1`, alg: 'RS256', use: 'sig' };
  /** People who signed in here, by subject: their address and whether it is vouched for. */
  const people = new Map();
  /** Claims the next ID token is to carry instead (a test's hostile token). */
  let tamper = null;

  const provider = new Provider(url, {
    clients: [
      {
        client_id: 'booking',
        client_secret: `secret-${id}`,
        redirect_uris: [`${site}/auth/oidc/${id}/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    // Our relying party reads the person from the ID token, as Google, Apple and LINE send it.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [`cookie-key-${id}`] },
    async findAccount(_ctx, sub) {
      const person = people.get(sub) ?? { email: '', verified: false };
      return {
        accountId: sub,
        async claims() {
          return person.email
            ? { sub, email: person.email, email_verified: person.verified, name: sub }
            : { sub, name: sub };
        },
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page('Error', `<h1>Error</h1><p>${escape(out.error)}: ${escape(out.error_description ?? '')}</p>`);
    },
  });
  provider.proxy = false;

  async function finish(req, res, sub, email, verified, clientId) {
    people.set(sub, { email, verified });
    const grant = new provider.Grant({ accountId: sub, clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  // The token endpoint's answer, with a hostile ID token when a test asked for one.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && tamper && ctx.body?.id_token) {
      const claims = { ...decodeJwt(ctx.body.id_token), ...tamper };
      for (const [k, v] of Object.entries(claims)) if (v === null) delete claims[k];
      ctx.body = { ...ctx.body, id_token: await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey) };
      tamper = null;
    }
  });

  const callback = provider.callback();
  handle = async (req, res) => {
    try {
      const here = new URL(req.url, url);
      if (req.method === 'POST' && here.pathname === '/__test/next-id-token') {
        tamper = JSON.parse(await body(req));
        res.writeHead(204).end();
        return;
      }
      const m = here.pathname.match(/^\/interaction\/([\w-]+)(\/(login|abort))?$/);
      if (!m) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      const clientId = details.params.client_id;
      if (req.method === 'GET' && !m[2]) {
        const hint = details.params.login_hint;
        if (hint) {
          const [sub, email = '', verified = '0'] = String(hint).split('|');
          return await finish(req, res, sub, email, verified === '1', clientId);
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
          page(
            `Sign in to ${id}`,
            `<h1>Sign in to ${escape(id)}</h1>
<form method="post" action="/interaction/${m[1]}/login">
<label for="sub">Subject</label><input type="text" id="sub" name="sub" required>
<label for="email">Email</label><input type="text" id="email" name="email">
<label><input type="checkbox" name="verified" value="1" checked> Email verified</label>
<button type="submit">Sign in</button><a href="/interaction/${m[1]}/abort">Cancel</a>
</form>`,
          ),
        );
        return;
      }
      if (m[3] === 'login' && req.method === 'POST') {
        const form = new URLSearchParams(await body(req));
        return await finish(req, res, form.get('sub') || 'anonymous', form.get('email') ?? '', form.get('verified') === '1', clientId);
      }
      if (m[3] === 'abort') {
        return await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
      }
      res.writeHead(404).end();
    } catch (e) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(e?.message ?? e));
    }
  };
  return url;
}

function body(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const issuers = {};
for (const [i, id] of ids.entries()) issuers[id] = await issuer(id, ports[i] ?? 0);
process.stdout.write(`${JSON.stringify(issuers)}\n`);
