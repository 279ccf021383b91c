// Module Federation's async startup negotiates the shared singletons before this entry runs.
import './client';
