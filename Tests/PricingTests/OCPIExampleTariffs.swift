// OCPI 2.2.1 example tariffs (ocpi/ocpi `examples/*.json`, `mod_tariffs.asciidoc`) and
// tandemdrive/ocpi-tariffs `test_data`, as JSON text. Files fetched verbatim are marked
// "verbatim"; the others are transcribed from the spec's bullet description of the example.
// S1–S4 are the step-size cases of the spec's CDR text (`mod_cdrs.asciidoc`), written as tariffs.

enum OCPIExampleTariffs {
  /// tariff_8_simple_025kwh (transcribed).
  static let t8 = """
    {"country_code":"DE","party_id":"ALL","id":"8","currency":"EUR","elements":[{"price_components":[
    {"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],"last_updated":"2018-12-17T11:16:55Z"}
    """
  /// tariff_9_025kwh_start (transcribed).
  static let t9 = """
    {"country_code":"DE","party_id":"ALL","id":"9","currency":"EUR","elements":[{"price_components":[
    {"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},
    {"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],"last_updated":"2018-12-17T11:36:01Z"}
    """
  /// tariff_12_025kwh_min_price (verbatim).
  static let t12 = """
    {"country_code":"DE","party_id":"ALL","id":"20","currency":"EUR","min_price":{"excl_vat":0.50,"incl_vat":0.55},
    "elements":[{"price_components":[{"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],
    "last_updated":"2018-12-17T16:45:21Z"}
    """
  /// tariff_10_025kwh_parking_start (transcribed).
  static let t10 = """
    {"country_code":"DE","party_id":"ALL","id":"10","currency":"EUR","elements":[{"price_components":[
    {"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},
    {"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1},
    {"type":"PARKING_TIME","price":2.00,"vat":20.0,"step_size":900}]}],"last_updated":"2018-12-17T11:44:00Z"}
    """
  /// tariff_6_025kwh_start_max_price (transcribed, with its end date 30 June 2019).
  static let t6 = """
    {"country_code":"DE","party_id":"ALL","id":"6","currency":"EUR","max_price":{"excl_vat":10.00,"incl_vat":11.00},
    "elements":[{"price_components":[{"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},
    {"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],
    "end_date_time":"2019-06-30T23:59:59Z","last_updated":"2018-12-17T11:54:15Z"}
    """
  /// tariff_1_simple_2hour (transcribed).
  static let t1 = """
    {"country_code":"DE","party_id":"ALL","id":"1","currency":"EUR","elements":[{"price_components":[
    {"type":"TIME","price":2.00,"vat":10.0,"step_size":60}]}],"last_updated":"2015-06-29T20:39:09Z"}
    """
  /// tariff_13_simple_3hour_5parking (transcribed).
  static let t13 = """
    {"country_code":"DE","party_id":"ALL","id":"13","currency":"EUR","elements":[{"price_components":[
    {"type":"TIME","price":3.00,"vat":10.0,"step_size":60},
    {"type":"PARKING_TIME","price":5.00,"vat":20.0,"step_size":300}]}],"last_updated":"2015-06-29T20:39:09Z"}
    """
  /// tariff_2_alt_text (transcribed; alt text kept short).
  static let t2 = """
    {"country_code":"DE","party_id":"ALL","id":"2","currency":"EUR","type":"AD_HOC_PAYMENT",
    "tariff_alt_text":[{"language":"en","text":"2.00 euro p/hour including VAT."}],
    "elements":[{"price_components":[{"type":"TIME","price":1.90,"vat":5.2,"step_size":300}]}],
    "last_updated":"2015-06-29T20:39:09Z"}
    """
  /// tariff_3_alt_url (verbatim).
  static let t3 = """
    {"country_code":"DE","party_id":"ALL","id":"13","currency":"EUR","type":"PROFILE_CHEAP",
    "tariff_alt_url":"https://company.com/tariffs/13","elements":[{"price_components":[
    {"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},{"type":"ENERGY","price":0.25,"vat":10.0,"step_size":100}]}],
    "tax_included":"NO","last_updated":"2015-06-29T20:39:09Z"}
    """
  /// tariff_4_complex (verbatim).
  static let t4 = """
    {"country_code":"DE","party_id":"ALL","id":"14","currency":"EUR","type":"REGULAR",
    "tariff_alt_url":"https://company.com/tariffs/14","elements":[
    {"price_components":[{"type":"FLAT","price":2.50,"vat":15.0,"step_size":1}]},
    {"price_components":[{"type":"TIME","price":1.00,"vat":20.0,"step_size":900}],"restrictions":{"max_current":32.00}},
    {"price_components":[{"type":"TIME","price":2.00,"vat":20.0,"step_size":600}],
     "restrictions":{"min_current":32.00,"day_of_week":["MONDAY","TUESDAY","WEDNESDAY","THURSDAY","FRIDAY"]}},
    {"price_components":[{"type":"TIME","price":1.25,"vat":20.0,"step_size":600}],
     "restrictions":{"min_current":32.00,"day_of_week":["SATURDAY","SUNDAY"]}},
    {"price_components":[{"type":"PARKING_TIME","price":5.00,"vat":10.0,"step_size":300}],
     "restrictions":{"start_time":"09:00","end_time":"18:00","day_of_week":["MONDAY","TUESDAY","WEDNESDAY","THURSDAY","FRIDAY"]}},
    {"price_components":[{"type":"PARKING_TIME","price":6.00,"vat":10.0,"step_size":300}],
     "restrictions":{"start_time":"10:00","end_time":"17:00","day_of_week":["SATURDAY"]}}],
    "tax_included":"NO","last_updated":"2015-06-29T20:39:09Z"}
    """
  /// tariffrestriction_example_max_power (verbatim).
  static let maxPower = """
    {"country_code":"DE","party_id":"ALL","id":"1","currency":"EUR","type":"REGULAR","elements":[
    {"price_components":[{"type":"ENERGY","price":0.20,"vat":20.0,"step_size":1}],"restrictions":{"max_power":16.00}},
    {"price_components":[{"type":"ENERGY","price":0.35,"vat":20.0,"step_size":1}],"restrictions":{"max_power":32.00}},
    {"price_components":[{"type":"ENERGY","price":0.50,"vat":20.0,"step_size":1}]}],
    "tax_included":"NO","last_updated":"2018-12-05T12:01:09Z"}
    """
  /// tariffrestriction_example_max_duration (verbatim).
  static let maxDuration = """
    {"country_code":"DE","party_id":"ALL","id":"2","currency":"EUR","type":"REGULAR","elements":[
    {"price_components":[{"type":"ENERGY","price":0.00,"vat":20.0,"step_size":1}],"restrictions":{"max_duration":1800}},
    {"price_components":[{"type":"ENERGY","price":0.25,"vat":20.0,"step_size":1}],"restrictions":{"max_duration":3600}},
    {"price_components":[{"type":"ENERGY","price":0.40,"vat":20.0,"step_size":1}]}],
    "last_updated":"2018-12-05T13:12:44Z"}
    """
  /// tariff_14_step_size (verbatim).
  static let t14 = """
    {"country_code":"DE","party_id":"ALL","id":"22","currency":"EUR","elements":[
    {"price_components":[{"type":"TIME","price":1.20,"step_size":1800},{"type":"PARKING_TIME","price":1.00,"step_size":900}],
     "restrictions":{"start_time":"00:00","end_time":"17:00"}},
    {"price_components":[{"type":"TIME","price":2.40,"step_size":900},{"type":"PARKING_TIME","price":1.00,"step_size":900}],
     "restrictions":{"start_time":"17:00","end_time":"20:00"}},
    {"price_components":[{"type":"TIME","price":2.40,"step_size":900}],"restrictions":{"start_time":"20:00","end_time":"23:59"}}],
    "last_updated":"2018-12-18T17:07:11Z"}
    """
  /// tariff_15_reservation_5_euro_per_hour (transcribed).
  static let t15 = """
    {"country_code":"DE","party_id":"ALL","id":"15","currency":"EUR","elements":[
    {"price_components":[{"type":"TIME","price":5.00,"vat":20.0,"step_size":60}],"restrictions":{"reservation":"RESERVATION"}},
    {"price_components":[{"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},{"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],
    "last_updated":"2019-02-03T17:00:11Z"}
    """
  /// tariff_16_reservation_2_euro_fee_5_euro_per_hour (verbatim).
  static let t16 = """
    {"country_code":"DE","party_id":"ALL","id":"20","currency":"EUR","elements":[
    {"price_components":[{"type":"FLAT","price":2.00,"vat":20.0,"step_size":1},{"type":"TIME","price":5.00,"vat":20.0,"step_size":300}],
     "restrictions":{"reservation":"RESERVATION"}},
    {"price_components":[{"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},{"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],
    "last_updated":"2019-02-03T17:00:11Z"}
    """
  /// tariff_17_reservation_with_expire_fee (verbatim).
  static let t17 = """
    {"country_code":"DE","party_id":"ALL","id":"20","currency":"EUR","elements":[
    {"price_components":[{"type":"FLAT","price":4.00,"vat":20.0,"step_size":1}],"restrictions":{"reservation":"RESERVATION_EXPIRES"}},
    {"price_components":[{"type":"TIME","price":2.00,"vat":20.0,"step_size":600}],"restrictions":{"reservation":"RESERVATION"}},
    {"price_components":[{"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},{"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],
    "tax_included":"NO","last_updated":"2019-02-03T17:00:11Z"}
    """
  /// tariff_18_reservation_with_expire_time (verbatim).
  static let t18 = """
    {"country_code":"DE","party_id":"ALL","id":"20","currency":"EUR","elements":[
    {"price_components":[{"type":"TIME","price":6.00,"vat":20.0,"step_size":600}],"restrictions":{"reservation":"RESERVATION_EXPIRES"}},
    {"price_components":[{"type":"TIME","price":3.00,"vat":20.0,"step_size":600}],"restrictions":{"reservation":"RESERVATION"}},
    {"price_components":[{"type":"FLAT","price":0.50,"vat":20.0,"step_size":1},{"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],
    "tax_included":"NO","last_updated":"2019-02-03T17:00:11Z"}
    """
  /// The tariff of cdr_example.json: TIME 2.00/h, 10 % VAT, step 300 s (transcribed).
  static let cdrExample = """
    {"country_code":"BE","party_id":"BEC","id":"12","currency":"EUR","elements":[{"price_components":[
    {"type":"TIME","price":2.00,"vat":10.0,"step_size":300}]}],"last_updated":"2015-06-29T20:39:09Z"}
    """
  /// S1: ENERGY 0.20 before 17:00, 0.27 after, step 500 Wh.
  static let s1 = """
    {"country_code":"DE","party_id":"ALL","id":"S1","currency":"EUR","elements":[
    {"price_components":[{"type":"ENERGY","price":0.20,"step_size":500}],"restrictions":{"end_time":"17:00"}},
    {"price_components":[{"type":"ENERGY","price":0.27,"step_size":500}],"restrictions":{"start_time":"17:00"}}],
    "last_updated":"2018-12-18T17:07:11Z"}
    """
  /// S2: TIME 5.00/h before 17:00, 7.00/h after, step 10 min.
  static let s2 = """
    {"country_code":"DE","party_id":"ALL","id":"S2","currency":"EUR","elements":[
    {"price_components":[{"type":"TIME","price":5.00,"step_size":600}],"restrictions":{"end_time":"17:00"}},
    {"price_components":[{"type":"TIME","price":7.00,"step_size":600}],"restrictions":{"start_time":"17:00"}}],
    "last_updated":"2018-12-18T17:07:11Z"}
    """
  /// S3: TIME 1.00/h and PARKING_TIME 2.00/h, both step 10 min.
  static let s3 = """
    {"country_code":"DE","party_id":"ALL","id":"S3","currency":"EUR","elements":[{"price_components":[
    {"type":"TIME","price":1.00,"step_size":600},{"type":"PARKING_TIME","price":2.00,"step_size":600}]}],
    "last_updated":"2018-12-18T17:07:11Z"}
    """
  /// S4: TIME and PARKING_TIME, both step 5 min.
  static let s4 = """
    {"country_code":"DE","party_id":"ALL","id":"S4","currency":"EUR","elements":[{"price_components":[
    {"type":"TIME","price":1.00,"step_size":300},{"type":"PARKING_TIME","price":2.00,"step_size":300}]}],
    "last_updated":"2018-12-18T17:07:11Z"}
    """
  /// tandemdrive step_size_energy/tariff.json (verbatim).
  static let tdStepSizeEnergy = """
    {"country_code":"DE","party_id":"ALL","id":"22","currency":"EUR","elements":[
    {"price_components":[{"type":"ENERGY","price":2,"step_size":8000}],"restrictions":{"start_time":"00:00","end_time":"17:00"}},
    {"price_components":[{"type":"ENERGY","price":2,"step_size":5000}],"restrictions":{"start_time":"17:00","end_time":"20:00"}},
    {"price_components":[{"type":"ENERGY","price":4,"step_size":2000}],"restrictions":{"start_time":"20:00","end_time":"00:00"}}],
    "last_updated":"2018-12-18T17:07:11Z"}
    """
  /// tandemdrive grace_period_parking_time/tariff.json (verbatim except an `id`, which the file
  /// lacks and OCPI requires; country, party and last_updated come from decoding defaults).
  static let tdGracePeriod = """
    {"id":"grace","currency":"EUR","elements":[
    {"price_components":[{"type":"PARKING_TIME","price":0.0,"vat":0.0,"step_size":1}],"restrictions":{"min_duration":0,"max_duration":1800}},
    {"price_components":[{"type":"PARKING_TIME","price":3.0,"vat":0.0,"step_size":1}],"restrictions":{"min_duration":1800}},
    {"price_components":[{"type":"ENERGY","price":0.25,"vat":10.0,"step_size":1}]}],
    "end_date_time":"2019-06-30T23:59:59Z","last_updated":"2018-12-17T17:15:01Z"}
    """
  /// tandemdrive multiple_flat_fees/tariff.json (verbatim).
  static let tdMultipleFlat = """
    {"country_code":"DE","party_id":"ALL","id":"12","currency":"EUR","elements":[{"price_components":[
    {"type":"FLAT","price":1.00,"vat":0.0,"step_size":0}]}],"last_updated":"2015-06-29T20:39:09Z"}
    """
}
