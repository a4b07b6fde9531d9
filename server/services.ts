/**
 * The members of Services (server/lib/context.ts) that are areas above lib:
 * declared here, by declaration merging, so that lib names neither the lab
 * host nor the broker (lib is the bottom floor, issue #26) and nothing in lib
 * loads dockerode or aedes. Nothing imports this file; the type checker reads
 * it with the rest of server/.
 */
import type { BrokerService } from './broker.ts'
import type { Labs } from './modules/lab/engine/service.ts'

declare module './lib/context.ts' {
  interface Services {
    /** The lab host (Docker): containers, pools, terminals; main.ts starts and stops it. */
    labs: Labs
    /** The embedded MQTT broker, once main.ts has started it (absent in module tests that do not need it). */
    mqtt?: BrokerService
  }
}
