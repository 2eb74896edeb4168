// Other users of the account, each with a client of their own, for tests of what a role may and
// may not do through the API. The user is made through the users API (createUser, itself under
// test); only their personal token is written straight into the database, since no API hands one
// out (spec 000: personal tokens are made by the user in the service's interface).
import type { ServiceOptions } from '../../../service';
import { addPersonalToken, generateToken } from '../../../service/auth/tokens';
import { openSqliteStore } from '../../../service/storage/sqliteStore';
import type { User, UserRole } from '../../../wire/serviceTypesPeople';
import type { ServiceApi } from '../../../main/api/types';
import { makeTempDir } from '../../support/tempDir';
import { startLocal, uniqueName, type Local } from './harness';

export interface Member {
  user: User;
  api: ServiceApi;
}

export interface LocalWithMembers extends Local {
  /** A new active user with the role, and a client acting as them. */
  member(role: Exclude<UserRole, 'owner'>): Promise<Member>;
}

export async function startWithMembers(options: ServiceOptions = {}): Promise<LocalWithMembers> {
  const dataDir = makeTempDir('stint-api-members-');
  const local = await startLocal(0, { ...options, dataDir });
  return {
    ...local,
    async member(role) {
      const user = await local.api.createUser({ email: `${uniqueName(role).replace(/\W/g, '-')}@example.test`, role });
      const token = generateToken();
      const db = openSqliteStore(dataDir);
      try {
        await addPersonalToken(db, user.id, token, new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'));
      } finally {
        await db.close();
      }
      return { user, api: local.client({ credentials: { kind: 'personal', token } }) };
    },
  };
}
