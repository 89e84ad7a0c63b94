/** Payment intents, charges, invoice payments, refunds, Checkout and portal sessions, as objects.ts does the rest. */
import { list } from "./objects.ts";
import type { FakeStore, StripeObject } from "./store.ts";

export function paymentIntentObject(
  store: FakeStore,
  p: { amount: number; currency: string; customer: string; paymentMethod: string; description: string },
): StripeObject {
  const id = store.id("pi");
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: p.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_fake`,
    confirmation_method: "automatic",
    created: store.now(),
    currency: p.currency,
    customer: p.customer,
    customer_account: null,
    description: p.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: p.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: "off_session",
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_confirmation",
    transfer_data: null,
    transfer_group: null,
  };
}

export function chargeObject(
  store: FakeStore,
  c: {
    intent: StripeObject;
    paymentMethod: StripeObject;
    succeeded: boolean;
    failureCode: string | null;
    failureMessage: string | null;
    declineCode: string | null;
  },
): StripeObject {
  const id = store.id("ch");
  const card = c.paymentMethod.card as { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
  const amount = Number(c.intent.amount);
  return {
    id,
    object: "charge",
    amount,
    amount_captured: c.succeeded ? amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: c.succeeded ? store.id("txn") : null,
    billing_details: c.paymentMethod.billing_details,
    calculated_statement_descriptor: "INTROBASE FAKE",
    captured: c.succeeded,
    created: store.now(),
    currency: c.intent.currency,
    customer: c.intent.customer,
    description: c.intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: c.failureCode,
    failure_message: c.failureMessage,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: c.succeeded ? "approved_by_network" : "declined_by_network",
      reason: c.declineCode,
      risk_level: "normal",
      risk_score: 20,
      seller_message: c.succeeded ? "Payment complete." : "The bank did not return any further details with this decline.",
      type: c.succeeded ? "authorized" : "issuer_declined",
    },
    paid: c.succeeded,
    payment_intent: c.intent.id,
    payment_method: c.paymentMethod.id,
    payment_method_details: {
      card: {
        amount_authorized: c.succeeded ? amount : null,
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
        country: "US",
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint,
        funding: "credit",
        last4: card.last4,
        network: card.brand,
        three_d_secure: null,
        wallet: null,
      },
      type: "card",
    },
    radar_options: {},
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: list([], `/v1/charges/${id}/refunds`),
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: c.succeeded ? "succeeded" : "failed",
    transfer_data: null,
    transfer_group: null,
  };
}

export function invoicePaymentObject(store: FakeStore, invoice: StripeObject, intent: StripeObject): StripeObject {
  const now = store.now();
  return {
    id: store.id("inpay"),
    object: "invoice_payment",
    amount_paid: intent.status === "succeeded" ? intent.amount : null,
    amount_requested: intent.amount,
    created: now,
    currency: intent.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: intent.id, type: "payment_intent" },
    status: intent.status === "succeeded" ? "paid" : "open",
    status_transitions: { canceled_at: null, paid_at: intent.status === "succeeded" ? now : null },
  };
}

export function refundObject(
  store: FakeStore,
  r: { amount: number; charge: StripeObject; reason: string | null; metadata: Record<string, string> },
): StripeObject {
  return {
    id: store.id("re"),
    object: "refund",
    amount: r.amount,
    balance_transaction: store.id("txn"),
    charge: r.charge.id,
    created: store.now(),
    currency: r.charge.currency,
    customer: r.charge.customer,
    customer_account: null,
    destination_details: {
      card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
      type: "card",
    },
    metadata: r.metadata,
    payment_intent: r.charge.payment_intent,
    payment_method: r.charge.payment_method,
    reason: r.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

export function checkoutSessionObject(
  store: FakeStore,
  s: {
    origin: string;
    customer: string | null;
    customerEmail: string | null;
    clientReferenceId: string | null;
    metadata: Record<string, string>;
    successUrl: string | null;
    cancelUrl: string | null;
    amount: number;
    currency: string;
    allowPromotionCodes: boolean | null;
  },
): StripeObject {
  const id = store.id("cs_test");
  const now = store.now();
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: s.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: s.amount,
    amount_total: s.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: s.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: s.customer,
    customer_account: null,
    customer_creation: s.customer ? null : "always",
    customer_details: s.customerEmail
      ? {
          address: null,
          business_name: null,
          email: s.customerEmail,
          individual_name: null,
          name: null,
          phone: null,
          tax_exempt: "none",
          tax_ids: null,
        }
      : null,
    customer_email: s.customerEmail,
    discounts: [],
    expires_at: now + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: s.metadata,
    mode: "subscription",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: { allow_redisplay_filters: ["always"], payment_method_remove: "disabled", payment_method_save: null },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: s.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${s.origin}/c/pay/${id}`,
    wallet_options: null,
  };
}

export function portalSessionObject(
  store: FakeStore,
  p: { origin: string; customer: string; returnUrl: string | null; configuration: string },
): StripeObject {
  const id = store.id("bps");
  return {
    id,
    object: "billing_portal.session",
    configuration: p.configuration,
    created: store.now(),
    customer: p.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: p.returnUrl,
    url: `${p.origin}/p/session/${id}`,
  };
}
