"""Bot work off the event loop: worker lanes, the fair queue, how many bot tables one may run."""
