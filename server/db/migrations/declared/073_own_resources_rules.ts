// Written by `npm run migration:new -- own-resources-rules` from the declarations:
//   vehicle_types: alter column name: check char_length(name) <= 40, rules recorded
//   vehicle_types: alter column description: check char_length(description) <= 300, rules recorded
//   vehicle_types: alter column icon: check icon >= 1, rules recorded
//   vehicle_types: alter column seats: check seats >= 1 and seats <= 20, rules recorded
//   vehicle_types: alter column base_fare: check base_fare >= 0 and base_fare <= 10000000, rules recorded
//   vehicle_types: alter column price_per_km: check price_per_km >= 0 and price_per_km <= 10000000, rules recorded
//   vehicle_types: alter column price_per_minute: check price_per_minute >= 0 and price_per_minute <= 10000000, rules recorded
//   vehicle_types: alter column minimum_fare: check minimum_fare >= 0 and minimum_fare <= 10000000, rules recorded
//   vehicle_types: alter column cancellation_fee: check cancellation_fee >= 0 and cancellation_fee <= 10000000, rules recorded
//   vehicle_types: alter column commission_percent: type numeric(5,2) → numeric(12,2), check commission_percent >= 0 and commission_percent <= 100, rules recorded
//   vehicle_types: alter column active: rules recorded
//   payment_gateways: alter column name: check char_length(name) <= 60, rules recorded
//   payment_gateways: alter column provider: check provider in ('mpesa', 'stripe', 'flutterwave', 'paystack', 'pesapal', 'cellulant', 'other'), rules recorded
//   payment_gateways: alter column mode: check mode in ('test', 'live'), rules recorded
//   payment_gateways: alter column enabled: rules recorded
//   payment_gateways: alter column public_settings: rules recorded
//   payment_gateways: alter column secret_settings: rules recorded
//   discounts: alter column code: check char_length(code) <= 30 and code ~ '^[A-Za-z0-9_-]{3,30}$', rules recorded
//   discounts: alter column name: check char_length(name) <= 80, rules recorded
//   discounts: alter column kind: check kind in ('percent', 'fixed'), rules recorded
//   discounts: alter column value: check value >= 0.01 and value <= 10000000, rules recorded
//   discounts: alter column max_discount: check max_discount >= 0.01 and max_discount <= 10000000, rules recorded
//   discounts: alter column min_fare: check min_fare >= 0 and min_fare <= 10000000, rules recorded
//   discounts: alter column valid_from: rules recorded
//   discounts: alter column valid_to: rules recorded
//   discounts: alter column usage_limit: check usage_limit >= 1 and usage_limit <= 10000000, rules recorded
//   discounts: alter column per_passenger_limit: check per_passenger_limit >= 1 and per_passenger_limit <= 10000000, rules recorded
//   discounts: alter column active: rules recorded
//   sos_contacts: alter column name: check char_length(name) <= 80, unique ignoring case, rules recorded
//   sos_contacts: alter column phone: check char_length(phone) <= 20, rules recorded
//   sos_contacts: alter column description: check char_length(description) <= 300, rules recorded
//   sos_contacts: alter column active: rules recorded
import type { Kysely } from 'kysely';
import { runStatements } from '../run.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table vehicle_types add constraint vehicle_types_name_check check (char_length(name) <= 40)`,
    `comment on column vehicle_types.name is '{"type":"text","notNull":true,"default":null,"check":"char_length(name) <= 40","references":null,"unique":"ci"}'`,
    `alter table vehicle_types add constraint vehicle_types_description_check check (char_length(description) <= 300)`,
    `comment on column vehicle_types.description is '{"type":"text","notNull":false,"default":null,"check":"char_length(description) <= 300","references":null,"unique":null}'`,
    `alter table vehicle_types add constraint vehicle_types_icon_check check (icon >= 1)`,
    `comment on column vehicle_types.icon is '{"type":"integer","notNull":false,"default":null,"check":"icon >= 1","references":null,"unique":null}'`,
    `alter table vehicle_types drop constraint vehicle_types_seats_check`,
    `alter table vehicle_types add constraint vehicle_types_seats_check check (seats >= 1 and seats <= 20)`,
    `comment on column vehicle_types.seats is '{"type":"integer","notNull":true,"default":null,"check":"seats >= 1 and seats <= 20","references":null,"unique":null}'`,
    `alter table vehicle_types drop constraint vehicle_types_base_fare_check`,
    `alter table vehicle_types add constraint vehicle_types_base_fare_check check (base_fare >= 0 and base_fare <= 10000000)`,
    `comment on column vehicle_types.base_fare is '{"type":"numeric(12,2)","notNull":true,"default":null,"check":"base_fare >= 0 and base_fare <= 10000000","references":null,"unique":null}'`,
    `alter table vehicle_types drop constraint vehicle_types_price_per_km_check`,
    `alter table vehicle_types add constraint vehicle_types_price_per_km_check check (price_per_km >= 0 and price_per_km <= 10000000)`,
    `comment on column vehicle_types.price_per_km is '{"type":"numeric(12,2)","notNull":true,"default":null,"check":"price_per_km >= 0 and price_per_km <= 10000000","references":null,"unique":null}'`,
    `alter table vehicle_types drop constraint vehicle_types_price_per_minute_check`,
    `alter table vehicle_types add constraint vehicle_types_price_per_minute_check check (price_per_minute >= 0 and price_per_minute <= 10000000)`,
    `comment on column vehicle_types.price_per_minute is '{"type":"numeric(12,2)","notNull":true,"default":null,"check":"price_per_minute >= 0 and price_per_minute <= 10000000","references":null,"unique":null}'`,
    `alter table vehicle_types drop constraint vehicle_types_minimum_fare_check`,
    `alter table vehicle_types add constraint vehicle_types_minimum_fare_check check (minimum_fare >= 0 and minimum_fare <= 10000000)`,
    `comment on column vehicle_types.minimum_fare is '{"type":"numeric(12,2)","notNull":true,"default":null,"check":"minimum_fare >= 0 and minimum_fare <= 10000000","references":null,"unique":null}'`,
    `alter table vehicle_types drop constraint vehicle_types_cancellation_fee_check`,
    `alter table vehicle_types add constraint vehicle_types_cancellation_fee_check check (cancellation_fee >= 0 and cancellation_fee <= 10000000)`,
    `comment on column vehicle_types.cancellation_fee is '{"type":"numeric(12,2)","notNull":true,"default":"0","check":"cancellation_fee >= 0 and cancellation_fee <= 10000000","references":null,"unique":null}'`,
    `alter table vehicle_types drop constraint vehicle_types_commission_percent_check`,
    `alter table vehicle_types alter column commission_percent type numeric(12,2) using commission_percent::numeric(12,2)`,
    `alter table vehicle_types add constraint vehicle_types_commission_percent_check check (commission_percent >= 0 and commission_percent <= 100)`,
    `comment on column vehicle_types.commission_percent is '{"type":"numeric(12,2)","notNull":false,"default":null,"check":"commission_percent >= 0 and commission_percent <= 100","references":null,"unique":null}'`,
    `comment on column vehicle_types.active is '{"type":"boolean","notNull":true,"default":"true","check":null,"references":null,"unique":null}'`,
    `alter table payment_gateways add constraint payment_gateways_name_check check (char_length(name) <= 60)`,
    `comment on column payment_gateways.name is '{"type":"text","notNull":true,"default":null,"check":"char_length(name) <= 60","references":null,"unique":"ci"}'`,
    `alter table payment_gateways add constraint payment_gateways_provider_check check (provider in ('mpesa', 'stripe', 'flutterwave', 'paystack', 'pesapal', 'cellulant', 'other'))`,
    `comment on column payment_gateways.provider is '{"type":"text","notNull":true,"default":null,"check":"provider in (''mpesa'', ''stripe'', ''flutterwave'', ''paystack'', ''pesapal'', ''cellulant'', ''other'')","references":null,"unique":null}'`,
    `alter table payment_gateways drop constraint payment_gateways_mode_check`,
    `alter table payment_gateways add constraint payment_gateways_mode_check check (mode in ('test', 'live'))`,
    `comment on column payment_gateways.mode is '{"type":"text","notNull":true,"default":"''test''","check":"mode in (''test'', ''live'')","references":null,"unique":null}'`,
    `comment on column payment_gateways.enabled is '{"type":"boolean","notNull":true,"default":"false","check":null,"references":null,"unique":null}'`,
    `comment on column payment_gateways.public_settings is '{"type":"jsonb","notNull":true,"default":"''{}''","check":null,"references":null,"unique":null}'`,
    `comment on column payment_gateways.secret_settings is '{"type":"jsonb","notNull":true,"default":"''{}''","check":null,"references":null,"unique":null}'`,
    `alter table discounts add constraint discounts_code_check check (char_length(code) <= 30 and code ~ '^[A-Za-z0-9_-]{3,30}$')`,
    `comment on column discounts.code is '{"type":"text","notNull":true,"default":null,"check":"char_length(code) <= 30 and code ~ ''^[A-Za-z0-9_-]{3,30}$''","references":null,"unique":"ci"}'`,
    `alter table discounts add constraint discounts_name_check check (char_length(name) <= 80)`,
    `comment on column discounts.name is '{"type":"text","notNull":true,"default":null,"check":"char_length(name) <= 80","references":null,"unique":null}'`,
    `alter table discounts drop constraint discounts_kind_check`,
    `alter table discounts add constraint discounts_kind_check check (kind in ('percent', 'fixed'))`,
    `comment on column discounts.kind is '{"type":"text","notNull":true,"default":null,"check":"kind in (''percent'', ''fixed'')","references":null,"unique":null}'`,
    `alter table discounts drop constraint discounts_value_check`,
    `alter table discounts add constraint discounts_value_check check (value >= 0.01 and value <= 10000000)`,
    `comment on column discounts.value is '{"type":"numeric(12,2)","notNull":true,"default":null,"check":"value >= 0.01 and value <= 10000000","references":null,"unique":null}'`,
    `alter table discounts drop constraint discounts_max_discount_check`,
    `alter table discounts add constraint discounts_max_discount_check check (max_discount >= 0.01 and max_discount <= 10000000)`,
    `comment on column discounts.max_discount is '{"type":"numeric(12,2)","notNull":false,"default":null,"check":"max_discount >= 0.01 and max_discount <= 10000000","references":null,"unique":null}'`,
    `alter table discounts drop constraint discounts_min_fare_check`,
    `alter table discounts add constraint discounts_min_fare_check check (min_fare >= 0 and min_fare <= 10000000)`,
    `comment on column discounts.min_fare is '{"type":"numeric(12,2)","notNull":false,"default":null,"check":"min_fare >= 0 and min_fare <= 10000000","references":null,"unique":null}'`,
    `comment on column discounts.valid_from is '{"type":"timestamptz","notNull":false,"default":null,"check":null,"references":null,"unique":null}'`,
    `comment on column discounts.valid_to is '{"type":"timestamptz","notNull":false,"default":null,"check":null,"references":null,"unique":null}'`,
    `alter table discounts drop constraint discounts_usage_limit_check`,
    `alter table discounts add constraint discounts_usage_limit_check check (usage_limit >= 1 and usage_limit <= 10000000)`,
    `comment on column discounts.usage_limit is '{"type":"integer","notNull":false,"default":null,"check":"usage_limit >= 1 and usage_limit <= 10000000","references":null,"unique":null}'`,
    `alter table discounts drop constraint discounts_per_passenger_limit_check`,
    `alter table discounts add constraint discounts_per_passenger_limit_check check (per_passenger_limit >= 1 and per_passenger_limit <= 10000000)`,
    `comment on column discounts.per_passenger_limit is '{"type":"integer","notNull":false,"default":null,"check":"per_passenger_limit >= 1 and per_passenger_limit <= 10000000","references":null,"unique":null}'`,
    `comment on column discounts.active is '{"type":"boolean","notNull":true,"default":"true","check":null,"references":null,"unique":null}'`,
    `alter table sos_contacts add constraint sos_contacts_name_check check (char_length(name) <= 80)`,
    `create unique index sos_contacts_name_key on sos_contacts (lower(name))`,
    `comment on column sos_contacts.name is '{"type":"text","notNull":true,"default":null,"check":"char_length(name) <= 80","references":null,"unique":"ci"}'`,
    `alter table sos_contacts add constraint sos_contacts_phone_check check (char_length(phone) <= 20)`,
    `comment on column sos_contacts.phone is '{"type":"text","notNull":true,"default":null,"check":"char_length(phone) <= 20","references":null,"unique":null}'`,
    `alter table sos_contacts add constraint sos_contacts_description_check check (char_length(description) <= 300)`,
    `comment on column sos_contacts.description is '{"type":"text","notNull":false,"default":null,"check":"char_length(description) <= 300","references":null,"unique":null}'`,
    `comment on column sos_contacts.active is '{"type":"boolean","notNull":true,"default":"true","check":null,"references":null,"unique":null}'`,
  ]);
}
