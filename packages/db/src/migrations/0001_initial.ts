import { sql, type Kysely } from 'kysely';

/**
 * The whole schema of spec section 3. Money is numeric(10,2), tax rate numeric(5,4), business
 * dates are `date`, timestamps `timestamptz`. Cascades follow the spec's delete confirmations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email varchar(255) not null,
      password_hash text not null,
      first_name varchar(255),
      last_name varchar(255),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await sql`
    create table session (
      sid varchar(255) primary key,
      sess json not null,
      expire timestamptz not null
    )`.execute(db);
  await sql`create index session_expire_idx on session (expire)`.execute(db);

  await sql`
    create table pharmacies (
      id integer generated always as identity primary key,
      name varchar(255) not null,
      contact_name varchar(255),
      email varchar(255) not null,
      phone varchar(50),
      shipping_address text,
      billing_address text,
      terms varchar(100),
      notes text,
      balance numeric(10,2) not null default 0.00,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index pharmacies_search_idx on pharmacies
    using gin ((name || ' ' || coalesce(contact_name, '') || ' ' || email) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    create table products (
      id integer generated always as identity primary key,
      sku varchar(100) not null unique,
      name varchar(255) not null,
      category varchar(50) not null,
      default_price numeric(10,2) not null default 0.00,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index products_category_idx on products (category, id desc)`.execute(db);
  await sql`create index products_search_idx on products
    using gin ((sku || ' ' || name) gin_trgm_ops)`.execute(db);

  await sql`
    create table product_variants (
      id integer generated always as identity primary key,
      parent_sku varchar(100) not null references products (sku) on delete cascade on update cascade,
      variant_sku varchar(100) not null unique,
      size varchar(100),
      color varchar(100),
      material varchar(100),
      sterile boolean not null default false,
      package_qty integer not null default 1 check (package_qty >= 1),
      default_price numeric(10,2) not null default 0.00,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index product_variants_parent_idx on product_variants (parent_sku)`.execute(db);

  await sql`
    create table orders (
      id integer generated always as identity primary key,
      order_number varchar(50) not null unique,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      order_date date not null,
      ship_method varchar(50),
      notes text,
      status varchar(20) not null default 'Draft'
        check (status in ('Draft', 'Sent', 'Fulfilled', 'Cancelled')),
      subtotal numeric(10,2) not null default 0.00,
      total numeric(10,2) not null default 0.00,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index orders_pharmacy_idx on orders (pharmacy_id)`.execute(db);
  await sql`create index orders_status_idx on orders (status, id desc)`.execute(db);

  await sql`
    create table order_line_items (
      id integer generated always as identity primary key,
      order_id integer not null references orders (id) on delete cascade,
      position integer not null,
      product_sku varchar(100),
      variant_sku varchar(100),
      description text not null,
      qty integer not null check (qty >= 1),
      unit_price numeric(10,2) not null,
      line_total numeric(10,2) not null
    )`.execute(db);
  await sql`create index order_line_items_order_idx on order_line_items (order_id, position)`.execute(
    db,
  );

  await sql`
    create table invoices (
      id integer generated always as identity primary key,
      invoice_number varchar(50) not null unique,
      from_order_id integer references orders (id) on delete set null,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      invoice_date date not null,
      due_date date not null,
      terms varchar(100),
      notes text,
      lot_number varchar(100),
      tray_size varchar(100),
      nest_size varchar(100),
      case_size varchar(100),
      status varchar(20) not null default 'Draft'
        check (status in ('Draft', 'Unpaid', 'Partially Paid', 'Paid')),
      tax_rate numeric(5,4) not null default 0.0875,
      shipping numeric(10,2) not null default 0.00,
      amount numeric(10,2) not null default 0.00,
      subtotal numeric(10,2) not null default 0.00,
      tax_amount numeric(10,2) not null default 0.00,
      total numeric(10,2) not null default 0.00,
      balance numeric(10,2) not null default 0.00,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index invoices_pharmacy_idx on invoices (pharmacy_id)`.execute(db);
  await sql`create index invoices_status_idx on invoices (status, id desc)`.execute(db);
  await sql`create index invoices_due_idx on invoices (due_date) where balance > 0`.execute(db);
  await sql`create index invoices_from_order_idx on invoices (from_order_id)`.execute(db);

  await sql`
    create table invoice_line_items (
      id integer generated always as identity primary key,
      invoice_id integer not null references invoices (id) on delete cascade,
      position integer not null,
      description text not null,
      qty integer not null check (qty >= 1),
      unit_price numeric(10,2) not null,
      line_total numeric(10,2) not null
    )`.execute(db);
  await sql`create index invoice_line_items_invoice_idx on invoice_line_items (invoice_id, position)`.execute(
    db,
  );

  await sql`
    create table payments (
      id integer generated always as identity primary key,
      payment_number varchar(50) not null unique,
      invoice_id integer not null references invoices (id) on delete cascade,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      date date not null,
      amount numeric(10,2) not null check (amount > 0),
      method varchar(20) not null check (method in ('ACH', 'Card', 'Check', 'Cash', 'Other')),
      reference varchar(255),
      notes text,
      idempotency_key varchar(255) unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payments_invoice_idx on payments (invoice_id)`.execute(db);
  await sql`create index payments_pharmacy_idx on payments (pharmacy_id)`.execute(db);

  await sql`
    create table activity_log (
      id integer generated always as identity primary key,
      entity_type varchar(50) not null,
      entity_id integer not null,
      action varchar(20) not null,
      details jsonb not null default '{}'::jsonb,
      user_id uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index activity_log_entity_idx on activity_log (entity_type, entity_id)`.execute(
    db,
  );

  await sql`
    create table document_counters (
      kind varchar(10) not null,
      year integer not null,
      last_value integer not null default 0,
      primary key (kind, year)
    )`.execute(db);

  await sql`
    create table app_settings (
      key varchar(100) primary key,
      value text not null
    )`.execute(db);
}
