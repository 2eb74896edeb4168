// scrypt's cost for the tests whose subject is not the cost (ServiceOptions.tuning.passwordHash,
// setPassword's cost): the smallest verifyPassword accepts beside a real block size, well under a
// millisecond a hash where the service's default (N=2^14, r=8, p=5, 16 MiB) takes 0.1 s on a quiet
// machine and over 0.6 s on a loaded one. The stored string carries its parameters, so every check
// is the same check; test/unit/service/passwords.test.ts keeps the default cost under test.
import type { ScryptCost } from '../../service/tuning';

export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 4, r: 8, p: 1 };

/** ServiceOptions.tuning for a test service: the test cost, under anything the test gives. */
export const withTestPasswordCost = <T extends object>(tuning?: T) => ({ passwordHash: TEST_PASSWORD_COST, ...tuning });
