// The simulated provider: an OpenAI- and Anthropic-compatible streaming
// endpoint with scripted timing, shipped as the app's demo endpoint and used as
// the reference the measuring engine is tested against.
export { startSimulator, type SimServer, type SimulatorOptions } from './server';
export { SCENARIOS, type ScenarioInfo } from './scenarios';
export type { SimTrace, SimWrite, SimWriteKind } from './trace';
export { BuiltinSimulator } from './builtin-simulator';
export { configureSimulatorThread, startSimulatorThread, type SimThread } from './sim-thread';
