import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for a state: their default of 1 s is too short on a slow machine, and
// they return as soon as the state is there.
configure({ asyncUtilTimeout: 10_000 });
