/**
 * English error messages: the error page, HTTP statuses, and the API's stable validation
 * codes (`data.<field>.code`), which the UI translates.
 */
const errors = {
  page: {
    title: "Error {{status}}",
    goHome: "Go back home",
    notFound: "Page not found: {{path}}",
    forbidden: "You are not allowed to see this page.",
    unexpected: "Something went wrong while processing your request.",
    sessionUnavailable:
      "Your session could not be confirmed because the server is busy. Try again in a moment.",
    busy: "The server is busy rendering other pages. Try again in a few seconds.",
  },
  status: {
    "400": "Bad Request",
    "401": "Unauthorized",
    "403": "Forbidden",
    "404": "Not Found",
    "500": "Internal Server Error",
    "503": "Service Unavailable",
    other: "Error",
  },
  api: {
    generic: "Something went wrong while processing your request.",
    network: "The server could not be reached. Check your connection and try again.",
  },
  validation: {
    validation_required: "Cannot be blank.",
    validation_is_email: "Must be a valid email address.",
    validation_not_unique: "This value is already taken.",
    validation_values_mismatch: "The values do not match.",
    validation_min_text_constraint: "Too short.",
    validation_max_text_constraint: "Too long.",
    validation_invalid_format: "Invalid format.",
    validation_invalid_value: "Invalid value.",
    validation_in_invalid: "Not one of the allowed values.",
    validation_invalid_date: "Must be a valid date.",
    validation_too_many_values: "Too many values.",
    validation_invalid_old_password: "The current password is wrong.",
    validation_missing_rel_records: "The referenced record does not exist.",
    validation_invalid_file: "Invalid file.",
    validation_json_size_limit: "The data is too large.",
    validation_not_a_number: "Must be a number.",
    other: "Invalid value.",
  },
} as const;

export default errors;
