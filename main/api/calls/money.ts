// Expenses and invoices (spec 001 "Expenses", "Invoices").
import type { Entry } from '../../../wire/serviceTypes';
import type { Expense, Invoice } from '../../../wire/serviceTypesMoney';
import type { ExpenseCalls, InvoiceCalls } from '../types/money';
import { id, SAFE, type Requester } from './requester';

export function expenseCalls(r: Requester): ExpenseCalls {
  // The spec shows an expense's own url as /v2/expense/<id>; the collection's path is plural.
  const expense = (expenseId: number) => `/v2/expenses/${id(expenseId)}`;
  return {
    listExpenses: (filters) => r.list<Expense>('/v2/expenses', filters),
    getExpense: async (expenseId) => r.get<Expense>(expense(expenseId)),
    createExpense: async (input) => r.create<Expense>('/v2/expenses', input),
    updateExpense: async (expenseId, input) => r.put<Expense>(expense(expenseId), input, SAFE),
    deleteExpense: async (expenseId) => r.del(expense(expenseId)),
  };
}

export function invoiceCalls(r: Requester): InvoiceCalls {
  const invoice = (invoiceId: number, action = '') => `/v2/invoices/${id(invoiceId)}${action}`;
  return {
    listInvoices: (filters) => r.list<Invoice>('/v2/invoices', filters),
    getInvoice: async (invoiceId) => r.get<Invoice>(invoice(invoiceId)),
    createInvoice: async (input) => r.create<Invoice>('/v2/invoices', input),
    listInvoiceEntries: (invoiceId, filters) => r.list<Entry>(invoice(invoiceId, '/entries'), filters),
    listInvoiceExpenses: (invoiceId, filters) => r.list<Expense>(invoice(invoiceId, '/expenses'), filters),
  };
}
