// The consultations module: the party asks about a draft policy and answers what people said. Only
// the composition root imports it, from here.

export { consultationsModule, type Consultations } from './consultations-module.js';
