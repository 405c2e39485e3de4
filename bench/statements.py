# The hot paths' statements on SQLite, planned and timed as the orders grow (issue 67).
#
#   python3 bench/statements.py SOURCE.db COPY.db N before|after
#
# SOURCE is a database the server migrated that holds at least one order, payment and ledger line
# (the browser tests leave one under /tmp/booking-e2e-*/e2e.db). The copy gets N orders spread over
# SOURCE's customers, each with a payment and a ledger line, a fifth unpaid within their window;
# `after` adds migration 30's indexes, `before` leaves the schema as it was before them. Prints each
# statement's time (mean of 20, each in a transaction rolled back) and SQLite's plan for it.
import sqlite3, sys, time, shutil, json
src, dst, n, after = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == 'after'
shutil.copy(src, dst)
db = sqlite3.connect(dst)
db.execute('pragma foreign_keys=on')
o = db.execute('select * from orders limit 1').fetchone()
ocols = [r[1] for r in db.execute('pragma table_info(orders)')]
p = db.execute('select * from payments limit 1').fetchone()
pcols = [r[1] for r in db.execute('pragma table_info(payments)')]
l = db.execute('select * from ledger_entries limit 1').fetchone()
lcols = [r[1] for r in db.execute('pragma table_info(ledger_entries)')]
owners = [r[0] for r in db.execute('select id from accounts')]
now = int(time.time() * 1000)
db.execute('begin')
for i in range(n):
    row = dict(zip(ocols, o))
    row['id'] = f'BKX{i:08d}'
    row['owner'] = owners[i % len(owners)]
    unpaid = i % 5 == 0
    row['state'] = 'PENDING_PAYMENT' if unpaid else 'PAID'
    row['expires_at_ms'] = now + 900_000 if unpaid else 0
    row['start_at_ms'] = now + (i % 365) * 86_400_000
    db.execute(f"insert into orders ({','.join(ocols)}) values ({','.join('?'*len(ocols))})", [row[c] for c in ocols])
    pr = dict(zip(pcols, p)); pr['id'] = f'PX{i:08d}'; pr['order_id'] = row['id']; pr['owner'] = row['owner']; pr['idem_key'] = f'k{i}'; pr['state'] = 'PENDING'; pr['reference'] = f'r{i}'
    db.execute(f"insert into payments ({','.join(pcols)}) values ({','.join('?'*len(pcols))})", [pr[c] for c in pcols])
    lr = dict(zip(lcols, l)); lr['id'] = None; lr['payment_id'] = pr['id']; lr['order_id'] = row['id']; lr['owner'] = row['owner']
    db.execute(f"insert into ledger_entries ({','.join(lcols)}) values ({','.join('?'*len(lcols))})", [lr[c] for c in lcols])
db.execute('commit')
if after:
    for name, table, cols in [("idx_orders_owner_unpaid","orders","owner, state, expires_at_ms, category"),("idx_payments_order","payments","order_id"),("idx_ledger_entries_order","ledger_entries","order_id"),("idx_ledger_entries_payment","ledger_entries","payment_id"),("idx_bank_transfers_payment","bank_transfers","payment_id"),("idx_support_threads_order","support_threads","order_id"),("idx_orders_plan","orders","plan_id")]:
        db.execute(f'create index {name} on {table} ({cols})')

def timed(label, sql, args, reps=20):
    plan = ' / '.join(r[3] for r in db.execute('explain query plan ' + sql, args))
    t = time.perf_counter()
    for _ in range(reps):
        db.execute('begin'); db.execute(sql, args).fetchall(); db.execute('rollback')
    ms = (time.perf_counter() - t) * 1000 / reps
    print(f'  {label}: {ms:.2f} ms  [{plan}]')

mid = f'BKX{n//2:08d}'
owner = owners[(n//2) % len(owners)]
print(f'{"after" if after else "before"}: {n} orders')
timed('order UPDATE setting its own key', 'update orders set id = ?, state = ?, version = version + 1 where id = ? and version = ?', [mid, 'PAID', mid, 0])
timed('order UPDATE by key only', 'update orders set state = ?, version = version + 1 where id = ? and version = ?', ['PAID', mid, 0])
timed('payment UPDATE setting its own key', 'update payments set id = ?, state = ? where id = ? and state = ?', ['PX%08d' % (n//2), 'SUCCEEDED', 'PX%08d' % (n//2), 'PENDING'])
timed('payment UPDATE by key only', 'update payments set state = ? where id = ? and state = ?', ['SUCCEEDED', 'PX%08d' % (n//2), 'PENDING'])
timed('unpaid count of one customer', "select owner, count(id), sum(case when category = 'dragon-massage' then 1 else 0 end) from orders where state in ('DRAFT','PENDING_PAYMENT') and (owner = ? and expires_at_ms > ?) group by owner", [owner, now])
timed('reminders: paid orders starting in the next 15 min (states in the query)', "select * from orders where start_at_ms >= ? and start_at_ms < ? and state in ('PAID','CONFIRMED') order by start_at_ms", [now, now + 900_000])
timed('reminders: by start only', "select * from orders where start_at_ms >= ? and start_at_ms < ? order by start_at_ms", [now, now + 900_000])
timed("an order's payments", 'select * from payments where order_id = ?', [mid])
