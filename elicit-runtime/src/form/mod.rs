//! Forms: the [`Elicit`] trait every form is, [`Form`] (one form as it is asked, its answer
//! read against the form as sent), which forms may be asked in form mode ([`FormMode`]), the
//! methods of the protocol's messages that name a typed form, and forms shaped at run time
//! ([`shape`]).

mod asked;
mod elicit;
mod messages;
mod mode;
pub mod shape;

#[cfg(feature = "state")]
pub(crate) use self::asked::Reask;
pub use self::asked::{Form, IntoForm, ShapeError};
pub use self::elicit::Elicit;
pub use self::mode::FormMode;
