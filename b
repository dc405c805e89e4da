| `arrivals.firstVisitBonusMultiplier` | 10 → 12 | 1 | `game/03-legs-and-arrival-grants.qp` |
| `arrivals.firstVisitEverPostmarks` | 4 → 5 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/08-fresh-voyage.qp` |
| `equipment.cargo.basePrice` | 500 → 600 | 2 | `game/05-cargo-limit.qp`, `lab/prices.qp` |
| `equipment.cargo.holdHoursPerLevel` | 2 → 3 | 3 | `game/05-cargo-limit.qp`, `game/09-hold-hours.qp`, `lab/prices.qp` |
| `equipment.cargo.levelLimit` | 4 → 5 | 2 | `game/05-cargo-limit.qp`, `reliability/bad-input.qp` |
| `equipment.cargo.priceGrowth` | 8 → 10 | 1 | `game/05-cargo-limit.qp` |
| `equipment.sails.basePrice` | 25 → 30 | 4 | `game/05-advance-until-affordable.qp`, `game/05-bulk-buys-and-max.qp`, `game/05-sails-and-spyglass.qp`, `lab/prices.qp` |
| `equipment.sails.effectPerLevel` | 1.1 → 1.32 | 2 | `game/05-sails-and-spyglass.qp`, `reliability/extreme-balance-numbers.qp` |
| `equipment.sails.priceGrowth` | 1.6 → 1.92 | 3 | `game/05-advance-until-affordable.qp`, `game/05-bulk-buys-and-max.qp`, `game/05-sails-and-spyglass.qp` |
| `equipment.spyglass.basePrice` | 40 → 48 | 4 | `game/05-bulk-buys-and-max.qp`, `game/05-sails-and-spyglass.qp`, `lab/prices.qp`, `support/06-small-things.qp` |
| `equipment.spyglass.effectPerLevel` | 1.12 → 1.344 | 3 | `game/05-sails-and-spyglass.qp`, `lab/autoplay-milestones.qp`, `lab/prices.qp` |
| `equipment.spyglass.priceGrowth` | 1.7 → 2.04 | 2 | `game/05-sails-and-spyglass.qp`, `support/06-small-things.qp` |
| `events.current.durationSeconds` | 1800 → 2160 | 3 | `game/06-ordinary-rate.qp`, `game/07-current-ends-at-an-arrival.qp`, `game/07-currents.qp` |
| `events.current.oneIn` | 15 → 18 | 2 | `game/07-current-ends-at-an-arrival.qp`, `game/09-offline-hold.qp` |
| `events.current.speedMultiplier` | 2 → 3 | 3 | `game/06-ordinary-rate.qp`, `game/07-current-ends-at-an-arrival.qp`, `game/07-currents.qp` |
| `events.survey.grantMultiplier` | 25 → 30 | 2 | `game/07-survey-knowledge.qp`, `game/11-luminous-charts.qp` |
| `events.survey.knowledge` | 1 → 2 | 4 | `game/07-survey-knowledge.qp`, `game/08-new-bearings-resets.qp`, `game/09-offline-hold.qp`, `game/11-luminous-charts.qp` |
| `events.survey.oneIn` | 40 → 48 | 1 | `game/07-survey-knowledge.qp` |
| `hold.baseHours` | 8 → 10 | 4 | `game/05-cargo-limit.qp`, `game/09-hold-hours.qp`, `game/09-offline-hold.qp`, `store/16-revoked-hold-shrinks-absence.qp` |
| `hold.deepHoldHours` | 32 → 38 | 4 | `game/09-hold-hours.qp`, `store/07-offline-catalogue.qp`, `store/16-revoked-hold-shrinks-absence.qp`, `support/01-deep-hold-report-from-a-bundle.qp` |
| `hold.generationCap` | 4 → 5 | 1 | `game/09-hold-hours.qp` |
| `hold.hoursPerGeneration` | 2 → 3 | 1 | `game/09-hold-hours.qp` |
| `multipliers.perGeneration` | 1 → 2 | 3 | `game/04-knowledge-and-generation-multipliers.qp`, `game/08-passing-the-atlas.qp`, `game/09-hold-hours.qp` |
| `multipliers.perKnowledge` | 0.1 → 0.12 | 4 | `game/04-knowledge-and-generation-multipliers.qp`, `game/07-survey-knowledge.qp`, `game/08-new-bearings-resets.qp`, `game/11-luminous-charts.qp` |
| `postmarks.colourPrice` | 40 → 48 | 1 | `game/10-sail-colours.qp` |
| `postmarks.suppliesPrice` | 25 → 30 | 4 | `game/06-ordinary-rate.qp`, `game/10-supplies.qp`, `lab/autoplay-milestones.qp`, `lab/prices.qp` |
| `postmarks.suppliesSeconds` | 3600 → 4320 | 3 | `game/06-ordinary-rate.qp`, `game/10-supplies.qp`, `lab/prices.qp` |
| `prestige.atlas.knowledgeRequired` | 1000 → 1200 | 2 | `game/08-fresh-voyage.qp`, `game/08-passing-the-atlas.qp` |
| `prestige.atlas.postmarks` | 10 → 12 | 2 | `game/08-fresh-voyage.qp`, `game/08-passing-the-atlas.qp` |
| `prestige.bearings.factor` | 10 → 12 | 2 | `game/08-new-bearings-resets.qp`, `lab/autoplay-milestones.qp` |
| `prestige.bearings.minimumKnowledge` | 10 → 12 | 2 | `game/08-new-bearings-resets.qp`, `lab/autoplay-milestones.qp` |
| `prestige.bearings.postmarks` | 2 → 3 | 2 | `game/08-new-bearings-resets.qp`, `support/06-small-things.qp` |
| `prestige.bearings.progressScale` | 100000 → 120000 | 2 | `game/08-new-bearings-resets.qp`, `support/06-small-things.qp` |
| `purchases.chartsMultiplier` | 1.5 → 1.8 | 2 | `game/11-luminous-charts.qp`, `store/07-offline-catalogue.qp` |
| `purchases.packPostmarks.marks100` | 100 → 120 | 2 | `store/01-currency-packs-exact-once.qp`, `store/04-interrupted-delivery.qp` |
| `purchases.packPostmarks.marks550` | 550 → 660 | 4 | `lab/autoplay-milestones.qp`, `store/01-currency-packs-exact-once.qp`, `store/04-interrupted-delivery.qp`, `support/08-bare-save-misses-a-finished-pack.qp` |
| `purchases.signalScoutMultiplier` | 1.2 → 1.44 | 2 | `game/11-companion-signal.qp`, `store/17-refunded-signal-every-fifth-scout.qp` |
| `purchases.signalScouts` | 1 → 2 | 4 | `game/08-new-bearings-resets.qp`, `game/11-companion-signal.qp`, `store/02-permanent-through-resets-and-restore.qp`, `store/17-refunded-signal-every-fifth-scout.qp` |
| `routes[0].places[0].legNauticalMiles` | 1.0 → 1.2 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[0].reward` | 8 → 10 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[1].legNauticalMiles` | 1.2 → 1.44 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[1].reward` | 10 → 12 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[2].legNauticalMiles` | 1.4 → 1.68 | 3 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp`, `reliability/extreme-balance-numbers.qp` |
| `routes[0].places[2].reward` | 12 → 14 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[3].legNauticalMiles` | 1.2 → 1.44 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[3].reward` | 9 → 11 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[4].legNauticalMiles` | 1.2 → 1.44 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].places[4].reward` | 11 → 13 | 2 | `game/03-legs-and-arrival-grants.qp`, `game/06-ordinary-rate.qp` |
| `routes[0].scoutYieldPerSecond` | 0.01 → 0.012 | 3 | `game/05-scouts-and-pathfinders.qp`, `game/06-ordinary-rate.qp`, `game/11-companion-signal.qp` |
| `routes[1].charterCost` | 4000 → 4800 | 2 | `game/05-charters.qp`, `lab/prices.qp` |
| `routes[1].places[0].legNauticalMiles` | 1.5 → 1.8 | 2 | `game/05-charters.qp`, `lab/prices.qp` |
| `routes[1].places[0].reward` | 32 → 38 | 2 | `game/05-charters.qp`, `lab/prices.qp` |
| `routes[1].places[1].legNauticalMiles` | 1.8 → 2.16 | 1 | `lab/prices.qp` |
| `routes[1].places[1].reward` | 40 → 48 | 1 | `lab/prices.qp` |
| `routes[1].places[2].legNauticalMiles` | 2.1 → 2.52 | 1 | `lab/prices.qp` |
| `routes[1].places[2].reward` | 48 → 58 | 1 | `lab/prices.qp` |
| `routes[1].places[3].legNauticalMiles` | 1.8 → 2.16 | 1 | `lab/prices.qp` |
| `routes[1].places[3].reward` | 36 → 43 | 1 | `lab/prices.qp` |
| `routes[1].places[4].legNauticalMiles` | 1.8 → 2.16 | 1 | `lab/prices.qp` |
| `routes[1].places[4].reward` | 44 → 53 | 1 | `lab/prices.qp` |
| `routes[2].charterCost` | 160000 → 192000 | 1 | `game/05-charters.qp` |
| `routes[2].places[0].legNauticalMiles` | 2.0 → 2.4 | 1 | `game/05-charters.qp` |
| `routes[3].charterCost` | 6400000 → 7680000 | 1 | `game/05-charters.qp` |
| `routes[3].places[0].legNauticalMiles` | 2.5 → 3.0 | 1 | `game/05-charters.qp` |
| `routes[4].charterCost` | 256000000 → 307200000 | 1 | `game/05-charters.qp` |
| `routes[4].places[0].legNauticalMiles` | 3.0 → 3.6 | 1 | `game/05-charters.qp` |
| `routes[5].charterCost` | 10240000000 → 12288000000 | 1 | `game/05-charters.qp` |
| `routes[5].places[0].legNauticalMiles` | 3.5 → 4.2 | 1 | `game/05-charters.qp` |
| `routes[6].charterCost` | 409600000000 → 491520000000 | 1 | `game/05-charters.qp` |
| `routes[6].places[0].legNauticalMiles` | 4.0 → 4.8 | 1 | `game/05-charters.qp` |
| `routes[7].charterCost` | 16384000000000 → 19660800000000 | 1 | `game/05-charters.qp` |
| `routes[7].places[0].legNauticalMiles` | 4.5 → 5.4 | 1 | `game/05-charters.qp` |
| `scouts.basePrice` | 10 → 12 | 4 | `game/05-bulk-buys-and-max.qp`, `game/05-scouts-and-pathfinders.qp`, `game/11-companion-signal.qp`, `lab/prices.qp` |
| `scouts.pathfinderEvery` | 5 → 6 | 3 | `game/05-scouts-and-pathfinders.qp`, `game/11-companion-signal.qp`, `store/17-refunded-signal-every-fifth-scout.qp` |
| `scouts.pathfinderWorth` | 3 → 4 | 3 | `game/05-scouts-and-pathfinders.qp`, `game/11-companion-signal.qp`, `store/17-refunded-signal-every-fifth-scout.qp` |
| `scouts.priceGrowth` | 1.15 → 1.38 | 4 | `game/05-bulk-buys-and-max.qp`, `game/05-scouts-and-pathfinders.qp`, `game/11-companion-signal.qp`, `lab/autoplay-milestones.qp` |
| `ship.baseSpeedKnots` | 10 → 12 | 3 | `game/03-legs-and-arrival-grants.qp`, `game/05-sails-and-spyglass.qp`, `game/06-ordinary-rate.qp` |
