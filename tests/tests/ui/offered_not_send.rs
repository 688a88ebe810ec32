// The values offered are kept with the form, which a server sends between threads.
use std::rc::Rc;

use elicit_core::Elicit;

#[derive(Elicit)]
struct Booking {
    #[elicit(options)]
    room: Rc<String>,
}

fn main() {}
