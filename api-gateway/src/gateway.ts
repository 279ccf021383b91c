import type http from 'node:http';
import type Koa from 'koa';
import { setTimeout as delay } from 'node:timers/promises';
import { createApp } from './app.js';
import type { GatewayConfig } from './config.js';
import { createControlApp, listenControlSocket } from './control/control-app.js';
import { deliveryModule } from './delivery/index.js';
import { donationsModule, type DonationsOverrides } from './donations/index.js';
import { eventsModule } from './events/index.js';
import { consultationsModule } from './consultations/index.js';
import { peopleModule, signedInMemberEmail } from './people/index.js';
import { type Platform, platformModule, type PlatformOverrides } from './platform/index.js';
import { releasesModule, type ReleasesOverrides } from './releases/index.js';
import { closeServer, listen, urlOf } from './http-server.js';

/** What a test may put in place of what the configuration would make: one object, each module reading its own. */
export interface GatewayOverrides extends PlatformOverrides, ReleasesOverrides, DonationsOverrides {}

export interface Gateway extends Pick<Platform, 'logger'> {
  /** The public listener's application (tests drive it without a listener). */
  readonly app: Koa;
  /** The control socket's application: every module's operator commands. */
  readonly control: Koa;
  /** The internal listener's application: `/metrics`, as Prometheus scrapes it. */
  readonly metricsApp: Koa;
  /** Opens the listeners, renders every page, then answers ready; the public listener's URL. */
  start(): Promise<{ url: string; metricsUrl: string | null; adminUrl: string }>;
  /**
   * Not ready while still serving (for the load balancer to notice), then no new connections and
   * those open finished (cut past the deadline), then each module's work stopped, and last the
   * platform's (the outbox hands back what it could not finish, and the database closes). Once:
   * a second call waits for the first.
   */
  stop(): Promise<void>;
}

/**
 * The gateway, composed in one place from its configuration: each module built alike, from its slice
 * of it, the modules it uses and the test's overrides, then mounted the same way. What server.ts runs
 * and every test gateway starts; nothing listens until `start()`.
 */
export async function composeGateway(config: GatewayConfig, overrides: GatewayOverrides = {}): Promise<Gateway> {
  const platform = await platformModule(config, { overrides });
  const releases = await releasesModule(config, { platform, overrides });
  // A pledge made signed in proves the member's email: the one thing donations know of the people.
  const signedInEmail = signedInMemberEmail(platform.db);
  const donations = await donationsModule(config, { platform, signedInEmail, overrides });
  const events = await eventsModule(config, { platform, signedInEmail });
  const consultations = await consultationsModule({ platform, signedInEmail });
  const people = await peopleModule(config, {
    platform,
    releases: releases.overview,
    donations,
    events,
    consultations,
  });
  const delivery = await deliveryModule(config, {
    platform,
    releases,
    pageSources: {
      settings: donations.settings,
      // A page's data is one module's; a visitor's own page may hold two's (a member's account and places).
      pageData: async (path) =>
        (await donations.pageData(path)) ?? (await events.pageData(path)) ?? (await consultations.pageData(path)),
      dataPaths: async () => [...(await events.publicPaths()), ...(await consultations.publicPaths())],
      visitorData: async (ctx) => {
        const [own, places] = await Promise.all([people.visitorData(ctx), events.visitorData(ctx)]);
        return own || places ? { ...own, ...places } : null;
      },
    },
  });
  const modules = [platform, releases, donations, events, consultations, people, delivery];
  const { logger, siteOrigin } = platform;
  const { readiness } = delivery;
  const app = createApp(config, platform, modules, readiness);
  const control = createControlApp(logger, modules);
  const servers: http.Server[] = [];
  let stopping: Promise<void> | null = null;

  return {
    app,
    control,
    logger,
    metricsApp: platform.metricsApp,
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
    stop() {
      stopping ??= (async () => {
        logger.info({ drainMs: config.shutdown.drainMs }, 'draining');
        readiness.draining = true;
        if (servers.length > 0) await delay(config.shutdown.drainMs);
        await Promise.all(servers.map((server) => closeServer(server, config.shutdown.timeoutMs)));
        await Promise.all([releases, donations, events, people, delivery].map((module) => module.stop?.()));
        // The database last: every other module's work is done with it.
        await platform.stop?.();
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}
