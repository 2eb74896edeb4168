// The open account's name, for words deep in the tree that name it: a queued entry or timer is
// "Saved here · sends when Work answers". Given by App from the snapshot; a component shown
// without it (a test) says "the service".

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export const AccountName = createContext('the service');

export const useAccountName = (): string => useContext(AccountName);
