/** Unit tests call the loader synchronously: its on-demand hostile-input checks are provided up front. */
import * as hostile from '../../src/core/load/hostile';
import { provideHostileChecks } from '../../src/core/load/hostile-registry';

provideHostileChecks(hostile);
