// The entry's first import: the simulator worker starts while the rest of the app's modules
// evaluate (src/bridge/index.ts startSimulatorWorker), not after them.
import { startSimulatorWorker } from '../bridge/index.ts';

startSimulatorWorker();
