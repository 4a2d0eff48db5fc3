/**
 * The e2e server's cluster mode (scripts/e2e-server.mjs with E2E_CLUSTER=1): 2 web + 2 realtime
 * processes (local-cluster.ts) in a fresh database on TEST_DATABASE_URL, behind a round-robin
 * balancer on PORT, every process with this process's environment (the e2e settings). SIGTERM
 * or SIGINT stops them all gracefully and drops the database.
 */
import { createBalancer } from '../remix-app/test/balancer.ts';
import { startCluster } from '../entry/test/local-cluster.ts';

const { PORT = '3100', HOST = '127.0.0.1', TEST_DATABASE_URL } = process.env;
if (!TEST_DATABASE_URL) {
  console.error('E2E_CLUSTER=1 needs TEST_DATABASE_URL (a PostgreSQL server the cluster makes its own database on).');
  process.exit(1);
}
// Each process gets its own PORT and HOST, and its DATABASE_URL from the cluster.
const { PORT: _port, HOST: _host, DATABASE_URL: _url, ...env } = process.env as Record<string, string>;

const cluster = await startCluster(TEST_DATABASE_URL, 'fso_e2e_cluster', env);
let stopping = false;
for (const service of [...cluster.webs, ...cluster.realtimes]) {
  service.child.stderr!.pipe(process.stderr);
  service.child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `e2e cluster: ${service.entry} on ${service.base} exited (${code ?? signal}); its last output:\n${service.log.join('').slice(-4000)}`,
      );
  });
}

const balancer = createBalancer(cluster.webs.map((web) => new URL(web.base)));
balancer.listen(Number(PORT), HOST, () => {
  console.log(
    `e2e cluster on http://${HOST}:${PORT}: web ${cluster.webs.map((w) => w.port).join(', ')}, realtime ${cluster.realtimes.map((r) => r.port).join(', ')}`,
  );
});

const stop = () => {
  if (stopping) return;
  stopping = true;
  balancer.close();
  balancer.closeAllConnections();
  cluster.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
