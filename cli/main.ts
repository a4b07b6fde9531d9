import { Command } from 'commander'
import pkg from '../package.json' with { type: 'json' }
import { backupCommands } from './commands/backup.ts'
import { dbCommands } from './commands/db.ts'
import { questionCommands } from './commands/questions.ts'
import { iotCommands } from './commands/iot.ts'
import { labCommands } from './commands/labs.ts'
import { serveCommand } from './commands/serve.ts'
import { tenantCommands } from './commands/tenant.ts'
import { userCommands } from './commands/user.ts'

/** `atrium`: provisioning and operations for the appliance, on the same operations the API uses. */
const program = new Command('atrium').description('Atrium appliance CLI / Atrium 命令行').version(pkg.version)
dbCommands(program)
tenantCommands(program)
userCommands(program)
backupCommands(program)
questionCommands(program)
iotCommands(program)
labCommands(program)
serveCommand(program)
await program.parseAsync(process.argv)
// Every command but `serve` is done once its action returns; ink and the database leave nothing worth waiting for.
if (program.args[0] !== 'serve') process.exit(process.exitCode ?? 0)
