use elicit_core::Elicit;

// A PIN or one-time code is a secret whatever its spelling; its length is not.
#[derive(Elicit)]
struct Unlock {
    pin: String,
    #[elicit(rename = "OTPCode")]
    otp: String,
    mfa_code: Option<String>,
    pin_length: u8,
    otp_digits: u8,
}

fn main() {}
