/** Typed paths of every screen (spec §2): components link through these, never through hand-written URLs. */
const enc = encodeURIComponent;

function crud(base: string) {
  return { list: base, create: `${base}/create`, detail: (id: string) => `${base}/${enc(id)}` };
}

export const paths = {
  home: '/',
  logout: '/logout',
  bridges: crud('/bridges/manage'),
  casinos: crud('/casinos/manage'),
  integrationOptions: crud('/casinos/integration-options'),
  cpv: {
    allowedHashes: '/cpv/allowed-hashes',
    addAllowedHash: '/cpv/allowed-hashes/add',
    checks: '/cpv/checks',
    triggerCheck: '/cpv/checks/trigger',
  },
  gameProviders: crud('/game-providers/manage'),
  gameStudios: crud('/game-studios/manage'),
  games: { ...crud('/games/manage'), integrations: '/games/integrations' },
  gameVersions: { ...crud('/games/versions'), copy: (id: string) => `/games/versions/${enc(id)}/copy` },
  integrations: {
    ...crud('/integrations/manage'),
    push: (id: string) => `/integrations/manage/${enc(id)}/push`,
  },
  integrationGames: { list: '/integrations/games', detail: (id: string) => `/integrations/games/${enc(id)}` },
  masterdata: { configuration: '/masterdata/configuration', jobs: '/masterdata/jobs' },
  jurisdictions: crud('/masterdata/jurisdictions'),
  reporting: {
    auditEntries: '/reporting/audit-entries',
    casinoPerformance: '/reporting/casino-performance-report',
    gamePerformance: '/reporting/game-performance-report',
    gameRounds: '/reporting/game-rounds',
    ggr: '/reporting/ggr-report',
    integrationGamePerformance: '/reporting/integration-game-performance-report',
    reports: '/reporting/reports',
    significantEvents: '/reporting/significant-events',
    createSignificantEvent: '/reporting/significant-events/create',
  },
  support: {
    lastGameRounds: '/support/last-game-rounds',
    lastGameRound: (id: string) => `/support/last-game-rounds/${enc(id)}`,
    player: '/support/player',
  },
  users: { ...crud('/users/manage'), account: '/users/account' },
} as const;
