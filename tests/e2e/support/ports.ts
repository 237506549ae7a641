/** Ports of one browser-test run, all from E2E_PORT so parallel checkouts do not collide. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);
/** The test mail server (smtp-sink-server.ts): SMTP for the portal, HTTP for the tests. */
export const smtpSinkPort = e2ePort + 10;
export const smtpSinkHttpPort = e2ePort + 11;
/** A portal of its own that a fault test stops and starts again (lost-connection.spec.ts). */
export const ownServerPort = e2ePort + 20;
/** A portal of its own whose jobs' clock a test moves ahead (cancellation.spec.ts). */
export const clockServerPort = e2ePort + 23;
