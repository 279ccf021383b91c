import type http from 'node:http';
import type Koa from 'koa';
import { setTimeout as delay } from 'node:timers/promises';
import { createApp } from './app.js';
import type { GatewayConfig } from './config.js';
import { createControlApp, listenControlSocket } from './control/control-app.js';
import { deliveryModule, type Readiness } from './delivery/index.js';
import { type People, peopleModule } from './people/index.js';
import { type Platform, platformModule, type PlatformOverrides } from './platform/index.js';
import { type ConfiguredRoutes, releasesModule } from './releases/index.js';
import { closeServer, listen, urlOf } from './http-server.js';

/** What a test may put in place of what the configuration would make. */
export interface GatewayOverrides extends PlatformOverrides {
  /** The routes of the configured builds (tests have no builds on disk). */
  configuredRoutes?: ConfiguredRoutes;
  /** How long a donation report waits for its transaction to be mined. */
  donationReportWaitMs?: number;
}

export interface Gateway extends Pick<Platform, 'logger' | 'metrics'>, Pick<People, 'outbox' | 'donations'> {
  /** The public listener's application (tests drive it without a listener). */
  readonly app: Koa;
  /** The control socket's application: every module's operator commands. */
  readonly control: Koa;
  readonly readiness: Readiness;
  /** Opens the listeners, renders every page, then answers ready; the public listener's URL. */
  start(): Promise<{ url: string; metricsUrl: string | null; adminUrl: string }>;
  /**
   * Not ready while still serving (for the load balancer to notice), then no new connections and
   * those open finished (cut past the deadline), then each module's work stopped (the outbox hands
   * back what it could not finish) and the database closed.
   */
  stop(): Promise<void>;
}

/**
 * The gateway, composed in one place from its configuration: each module built from its slice of
 * it and the services it uses, then mounted the same way. What server.ts runs and every test
 * gateway starts; nothing listens until `start()`.
 */
export async function composeGateway(config: GatewayConfig, overrides: GatewayOverrides = {}): Promise<Gateway> {
  const platform = await platformModule(config, overrides);
  const releases = await releasesModule(config, platform, overrides.configuredRoutes);
  const people = peopleModule(config, platform, releases.overview, overrides.donationReportWaitMs);
  const delivery = deliveryModule(config, platform, releases, people);
  const modules = [platform, releases, people, delivery];
  const { logger, siteOrigin } = platform;
  const { readiness } = delivery;
  const app = createApp(config, platform, modules, readiness);
  const control = createControlApp(logger, modules);
  const servers: http.Server[] = [];

  return {
    app,
    control,
    logger,
    metrics: platform.metrics,
    outbox: people.outbox,
    donations: people.donations,
    readiness,
    async start() {
      const server = await listen(app, config.host, config.port, config.http);
      servers.push(server);
      const { metrics, admin, controlSocket } = config;
      const metricsServer = metrics ? await listen(platform.metricsApp, metrics.host, metrics.port, config.http) : null;
      const adminServer =
        admin && releases.adminApp ? await listen(releases.adminApp, admin.host, admin.port, config.http) : null;
      const controlServer = controlSocket ? await listenControlSocket(control, controlSocket) : null;
      servers.push(...[metricsServer, adminServer, controlServer].filter((each) => each !== null));
      const url = urlOf(server, config.host);
      siteOrigin.listening(url);
      for (const module of modules) await module.start?.();
      readiness.ready = true;
      const metricsUrl = metricsServer ? `${urlOf(metricsServer, metrics?.host ?? '')}/metrics` : null;
      const adminUrl = adminServer ? `${urlOf(adminServer, admin?.host ?? '')}/api/admin` : `${url}/api/admin`;
      logger.info(
        {
          url,
          site: Boolean(config.site),
          metrics: metricsUrl,
          email: config.email.transport.kind === 'smtp' ? 'smtp' : config.email.transport.dir,
          admin: adminUrl,
          controlSocket,
        },
        'gateway listening',
      );
      return { url, metricsUrl, adminUrl };
    },
    async stop() {
      logger.info({ drainMs: config.shutdown.drainMs }, 'draining');
      readiness.draining = true;
      if (servers.length > 0) await delay(config.shutdown.drainMs);
      await Promise.all(servers.map((server) => closeServer(server, config.shutdown.timeoutMs)));
      await Promise.all([releases, people, delivery].map((module) => module.stop?.()));
      // The database last: every other module's work is done with it.
      await platform.stop?.();
      logger.info('stopped');
    },
  };
}
