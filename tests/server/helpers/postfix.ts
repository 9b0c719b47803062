import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A private Postfix (Debian's package) for one test file: its own config, queue and data
 * directories under a temp dir, smtpd on a free loopback port with STARTTLS (a self-signed
 * certificate made here), relaying everything from loopback to `[127.0.0.1]:relayPort` without
 * DNS. Nothing of the machine's own Postfix (/etc/postfix/main.cf, /var/spool/postfix) is used.
 */
const run = promisify(execFile);
// Debian puts them in /usr/sbin, which a non-login PATH may lack.
const sbin = (name: string) => (existsSync(`/usr/sbin/${name}`) ? `/usr/sbin/${name}` : name);

export type Postfix = {
  url: string;
  port: number;
  /** Postfix's own log (maillog_file), to explain a failure. */
  log: () => Promise<string>;
  /** Stops the master and its daemons and removes the temp dir; safe to call twice. */
  stop: () => Promise<void>;
};

export type PostfixOptions = {
  relayPort: number;
  /** Recipient -> access map action, e.g. `550 5.1.1 Recipient unknown` (check_recipient_access). */
  recipientAccess?: Record<string, string>;
};

// The name the sink must not share: Postfix's SMTP client refuses a server greeting with its own
// name ("mail loops back to myself").
export const POSTFIX_HOSTNAME = 'postfix.el-namer.test';

/** Why this machine cannot run the Postfix test, or null when it can. */
export function postfixUnavailable(): string | null {
  const works = (command: string, args: string[]) => {
    try {
      return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      return null;
    }
  };
  if (process.platform !== 'linux') return `Postfix runs here on Linux only (this is ${process.platform})`;
  if (!works(sbin('postconf'), ['-d', '-h', 'mail_version'])) {
    return 'postfix is not installed (apt-get install postfix; .ci/run installs it)';
  }
  // master(8) is reserved for the superuser: it binds the port and drops to mail_owner itself.
  if (process.getuid?.() !== 0)
    return `Postfix must be started by root; this runs as uid ${process.getuid?.()}`;
  if (!works('id', ['-u', 'postfix'])) return 'the postfix user does not exist (a broken postfix install)';
  if (!works('openssl', ['version'])) return 'openssl is not installed (it makes the test certificate)';
  return null;
}

export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function mainCf(dir: string, relayPort: number): string {
  return `compatibility_level = 3.6
config_directory = ${dir}/conf
queue_directory = ${dir}/queue
data_directory = ${dir}/data
meta_directory = /etc/postfix
mail_owner = postfix
setgid_group = postdrop
maillog_file_prefixes = ${dir}
maillog_file = ${dir}/postfix.log
myhostname = ${POSTFIX_HOSTNAME}
mydomain = el-namer.test
mydestination =
local_recipient_maps =
alias_maps =
alias_database =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
relayhost = [127.0.0.1]:${relayPort}
smtp_host_lookup = native
disable_dns_lookups = yes
smtpd_tls_security_level = may
smtpd_tls_cert_file = ${dir}/conf/cert.pem
smtpd_tls_key_file = ${dir}/conf/key.pem
smtpd_tls_received_header = yes
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
smtpd_recipient_restrictions = check_recipient_access texthash:${dir}/conf/access, permit_mynetworks, reject
biff = no
`;
}

// Only the services a relay needs, none chrooted (a chroot would need copies of /etc files).
function masterCf(port: number): string {
  return `127.0.0.1:${port} inet n - n - - smtpd
cleanup unix n - n - 0 cleanup
qmgr unix n - n 300 1 qmgr
tlsmgr unix - - n 1000? 1 tlsmgr
rewrite unix - - n - - trivial-rewrite
bounce unix - - n - 0 bounce
defer unix - - n - 0 bounce
trace unix - - n - 0 bounce
verify unix - - n - 1 verify
flush unix n - n 1000? 0 flush
proxymap unix - - n - - proxymap
smtp unix - - n - - smtp
relay unix - - n - - smtp
error unix - - n - - error
retry unix - - n - - error
discard unix - - n - - discard
anvil unix - - n - 1 anvil
scache unix - - n - 1 scache
postlog unix-dgram n - n - 1 postlogd
`;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

// The master daemonises, so init reaps it, maybe late: a zombie counts as gone.
const alive = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && !/^\d+ \(.*\) Z/.test(stat);
};

export async function startPostfix(options: PostfixOptions): Promise<Postfix> {
  const dir = await mkdtemp(path.join(tmpdir(), 'el-namer-postfix-'));
  const conf = path.join(dir, 'conf');
  const log = () => readFile(path.join(dir, 'postfix.log'), 'utf8').catch(() => '(no Postfix log)');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const pid = Number(await readFile(path.join(dir, 'queue/pid/master.pid'), 'utf8').catch(() => '0'));
    // What `postfix stop` does (SIGTERM to the master, which ends its daemons), without its
    // one-second sleeps; SIGKILL if the master is still there after 5 s.
    if (pid > 0 && (await alive(pid))) {
      process.kill(pid, 'SIGTERM');
      if (!(await waitUntil(async () => !(await alive(pid)), 5000))) process.kill(pid, 'SIGKILL');
    }
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    // The daemons run as the postfix user and must reach the queue below this directory.
    await chmod(dir, 0o755);
    await mkdir(conf);
    await mkdir(path.join(dir, 'queue'));
    await mkdir(path.join(dir, 'data'));
    const uid = Number((await run('id', ['-u', 'postfix'])).stdout);
    const gid = Number((await run('id', ['-g', 'postfix'])).stdout);
    await chown(path.join(dir, 'data'), uid, gid);
    await run('openssl', [
      'req',
      ...[
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${POSTFIX_HOSTNAME}`,
      ],
      ...['-keyout', path.join(conf, 'key.pem'), '-out', path.join(conf, 'cert.pem')],
    ]);
    const port = await freeLoopbackPort();
    await writeFile(path.join(conf, 'main.cf'), mainCf(dir, options.relayPort));
    await writeFile(path.join(conf, 'master.cf'), masterCf(port));
    await writeFile(
      path.join(conf, 'access'),
      Object.entries(options.recipientAccess ?? {})
        .map(([address, action]) => `${address} ${action}\n`)
        .join(''),
    );
    await run(sbin('postfix'), ['-c', conf, 'start']).catch(async (error: unknown) => {
      throw new Error(`postfix start failed: ${String(error)}\n${await log()}`);
    });
    if (!(await waitUntil(() => accepts(port), 5000))) {
      throw new Error(`Postfix does not listen on 127.0.0.1:${port}\n${await log()}`);
    }
    return { url: `smtp://127.0.0.1:${port}`, port, log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
